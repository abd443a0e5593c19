import CodeSigning
import Foundation
import ShipyardTestSupport
import Testing

/// ``AppSignatureCheck`` over the Electron-shaped app signed natively with the test PKI: what we
/// sign holds, and each kind of damage of issue #18's Must-show 2 is named with its path.
@Suite(
  .enabled(
    if: ElectronAppFixture.shouldRun && SigningPeers.shouldRun,
    "needs the Mach-O fixtures' tools and the test PKI's peers"))
struct AppSignatureCheckTests {
  /// Writes the Electron-shaped app into `folder` and signs it.
  static func signedApp(in folder: ScratchFolder) async throws -> ElectronAppFixture {
    let fixture = try ElectronAppFixture.write(in: folder.url)
    _ = try await NativeAppSigning.sign(fixture.url, identity: try NativeAppSigning.identity())
    return fixture
  }

  /// Entitlements asking for `get-task-allow`, which the helper re-signed alone asks for.
  static let getTaskAllow = Array(
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>com.apple.security.get-task-allow</key><true/></dict></plist>

    """.utf8)

  /// Each slice of every Mach-O file of the fixture, as the check names it.
  static func slices(of check: AppSignatureCheck) -> Set<String> {
    Set(check.items.flatMap { item in item.slices.map { "\(item.path) \($0.architecture)" } })
  }

  @Test func whatWeSignHoldsAndOnlyTheTimestampIsMissing() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let fixture = try await Self.signedApp(in: folder)
    let check = try AppSignatureCheck(url: fixture.url, policy: NativeAppSigning.testRootPolicy())

    #expect(check.problems == [])
    #expect(check.isValid)
    #expect(Set(check.items.map(\.path)) == Set(fixture.machOFiles.keys.map { "Demo.app/\($0)" }))
    #expect(check.seals.count == fixture.bundles.count + 1)
    #expect(check.seals.allSatisfy { $0.holds })
    for item in check.items {
      #expect(item.team == "TEAMID1234", "\(item.path)")
      #expect(
        item.kind
          == (fixture.looseCode.contains { "Demo.app/\($0)" == item.path }
            ? .looseCode : .mainExecutable))
      for slice in item.slices {
        #expect(slice.hasHardenedRuntime, "\(item.path) \(slice.architecture)")
        #expect(slice.anchor != nil && slice.trustProblem == nil, "\(item.path)")
        #expect(!slice.isTimestamped && slice.timestamp == nil)
        #expect(slice.failingFindings == [])
      }
    }
    let main = try #require(check.items.first { $0.path == "Demo.app/Contents/MacOS/Demo" })
    #expect(main.identifier == fixture.identifier)
    // Signed without a time-stamp authority: that, per slice, is all the notary would say.
    #expect(check.notaryIssues.allSatisfy { $0.message == NotaryPreflight.Message.noTimestamp })
    #expect(
      Set(check.notaryIssues.map { "\($0.path) \($0.architecture)" }) == Self.slices(of: check))
    let json = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(check))
    let report = try #require(json as? [String: Any])
    #expect(report["isValid"] as? Bool == true)
    #expect((report["items"] as? [Any])?.count == check.items.count)

    // Apple's roots only: the test PKI's chain anchors nowhere, so no slice is Developer ID.
    let apple = try AppSignatureCheck(url: fixture.url, policy: TrustPolicy())
    let notDeveloperID = apple.notaryIssues.filter {
      $0.message == NotaryPreflight.Message.notDeveloperID
    }
    #expect(Set(notDeveloperID.map { "\($0.path) \($0.architecture)" }) == Self.slices(of: apple))
    #expect(!apple.isValid)
    #expect(apple.problems.allSatisfy { $0.check == .certificateChain })

    // A single Mach-O file, checked on its own, is named by its file name.
    let dylib = "Contents/Frameworks/Demo Framework.framework/Versions/A/Libraries/libffmpeg.dylib"
    let single = try AppSignatureCheck(
      url: fixture.file(dylib), policy: NativeAppSigning.testRootPolicy())
    #expect(single.items.map(\.path) == ["libffmpeg.dylib"])
    #expect(single.items.map(\.kind) == [.looseCode])
    #expect(single.isValid && single.seals.isEmpty)
  }

  @Test func aTimestampCountsOnlyWhenItsTokenHolds() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let fixture = try ElectronAppFixture.write(in: folder.url)
    _ = try await NativeAppSigning.sign(
      fixture.url, identity: try NativeAppSigning.identity(),
      timestamper: try MachOSignaturePeerTests.opensslTimestamper())

    let trusted = try AppSignatureCheck(
      url: fixture.url, policy: NativeAppSigning.testRootPolicy())
    #expect(trusted.problems == [])
    #expect(trusted.notaryIssues == [])
    let slices = trusted.items.flatMap(\.slices)
    #expect(slices.allSatisfy { $0.isTimestamped && $0.timestamp?.hasPrefix("stamped at") == true })

    // Apple's roots only: the token is there but its authority anchors nowhere, so it is no
    // secure timestamp.
    let apple = try AppSignatureCheck(url: fixture.url, policy: TrustPolicy())
    #expect(apple.items.flatMap(\.slices).allSatisfy { !$0.isTimestamped && $0.timestamp != nil })
    #expect(
      Set(
        apple.notaryIssues.filter { $0.message == NotaryPreflight.Message.noTimestamp }.map {
          "\($0.path) \($0.architecture)"
        }) == Self.slices(of: apple))
  }

  @Test(arguments: AppDamage.allCases)
  func eachDamageIsNamedWithItsPath(_ damage: AppDamage) async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let fixture = try await Self.signedApp(in: folder)
    try await damage.apply(to: fixture) { helper in
      _ = try await NativeAppSigning.sign(
        helper, identity: try NativeAppSigning.identity(),
        entitlements: ["": Self.getTaskAllow])
    }
    let check = try AppSignatureCheck(url: fixture.url, policy: NativeAppSigning.testRootPolicy())

    let expected = damage.expectedProblem
    #expect(!check.isValid)
    #expect(!check.problems.isEmpty)
    for problem in check.problems {
      #expect(problem.path == expected.path, "\(problem)")
      #expect(problem.check.description.hasPrefix(expected.check), "\(problem)")
    }
    #expect(check.problems.contains { $0.detail.contains(expected.detail) }, "\(check.problems)")
    if damage == .nestedHelperResignedAlone {
      // The helper's own signature holds; it now asks for get-task-allow, which the notary refuses.
      #expect(
        check.notaryIssues.contains {
          $0.path == "Demo.app/\(AppDamage.helper)/Contents/MacOS/Demo Helper"
            && $0.message == NotaryPreflight.Message.getTaskAllow
        })
    }
  }

  @Test func anUnsignedAppNamesEveryBinaryAndEverySeal() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let fixture = try ElectronAppFixture.write(in: folder.url)
    let check = try AppSignatureCheck(url: fixture.url, policy: TrustPolicy())

    #expect(!check.isValid)
    for (path, machO) in fixture.machOFiles {
      // Loose code the linker signed in every slice (lld's thin arm64 files) holds as it is, ad
      // hoc, and only the notary's issues below name it; a main executable so signed does not
      // bind its bundle's Info.plist.
      let item = check.items.first { $0.path == "Demo.app/\(path)" }
      let holds =
        machO.architectures.allSatisfy(machO.isLinkerSigned) && item?.kind == .looseCode
      let named = check.problems.contains { $0.path == "Demo.app/\(path)" }
      #expect(named != holds, "\(path): \(check.problems.filter { $0.path.hasSuffix(path) })")
    }
    for item in check.items {
      for slice in item.slices {
        let messages = check.notaryIssues.filter {
          $0.path == item.path && $0.architecture == slice.architecture
        }.map(\.message)
        // Go and lld sign arm64 slices ad hoc as they link: signed, but not Developer ID.
        let expected =
          slice.identifier == nil
          ? NotaryPreflight.Message.unsigned : NotaryPreflight.Message.notDeveloperID
        #expect(messages.contains(expected), "\(item.path) \(slice.architecture): \(messages)")
        // No code directory only without LC_CODE_SIGNATURE: the linkers' superblobs read.
        if slice.identifier == nil {
          #expect(
            check.problems.contains {
              $0.path == item.path && $0.architecture == slice.architecture
                && $0.check == .signature
            },
            "\(item.path) \(slice.architecture): \(check.problems.filter { $0.path == item.path })")
        }
      }
    }
    let helperTool =
      "Demo.app/Contents/Frameworks/Demo Framework.framework/Versions/A/Helpers/demo_crashpad_handler"
    #expect(
      check.notaryIssues.contains {
        $0.path == helperTool && $0.message == NotaryPreflight.Message.unsigned
      })
    for bundle in ["Demo.app/Contents", "Demo.app/\(AppDamage.helper)/Contents"] {
      #expect(
        check.problems.contains { $0.path == bundle && $0.check == .resourceSeal }, "\(bundle)")
    }
  }

  @Test func aLayoutErrorIsAProblemWithItsPath() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let fixture = try ElectronAppFixture.write(
      in: folder.url, options: .init(dataFilesWhereCodeBelongs: ["MacOS/readme.txt"]))
    let check = try AppSignatureCheck(url: fixture.url, policy: TrustPolicy())

    #expect(check.problems.map(\.path) == ["Demo.app/Contents/MacOS/readme.txt"])
    #expect(check.problems.map(\.check) == [.bundleLayout])
    #expect(!check.isValid && check.items.isEmpty)
  }
}

extension AppSignatureCheckTests {
  /// The app's seal made a sparse 4 GiB file: neither the CodeResources slot's hash nor the seal
  /// check reads it (before, both did, and `app verify` peaked at 8 GiB); the seal's problem
  /// names its size and the limit.
  @Test func aSealOf4GiBIsAProblemReadByNeitherCheck() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let fixture = try await Self.signedApp(in: folder)
    let handle = try FileHandle(forWritingTo: fixture.file("Contents/_CodeSignature/CodeResources"))
    try handle.truncate(atOffset: 4 << 30)
    try handle.close()
    let check = try AppSignatureCheck(url: fixture.url, policy: NativeAppSigning.testRootPolicy())
    #expect(!check.isValid)
    #expect(
      check.problems.contains {
        $0.path == "Demo.app/Contents" && $0.check == .resourceSeal
          && $0.detail.contains("it is 4294967296 bytes, more than the 64 MiB a seal could need")
      }, "\(check.problems)")
  }
}
