import CodeSigning
import Foundation
import ShipyardTestSupport
import Testing

/// Real code signed by Apple's `codesign`, signed again by Shipyard: the seals equal Apple's where
/// the content is unchanged, and the code directories differ from Apple's only in the fields we
/// choose otherwise, each named here.
@Suite(.enabled(if: RealCode.shouldRun, RealCode.requirement))
struct RealCodeResigningTests {
  /// The fields of each code directory of a signed file that differ from what the corpus read of
  /// the specimen `id` before it was signed again, by slice and slot (`arm64 0x1000: pageSize`).
  static func differences(_ file: URL, from id: String) throws -> [String] {
    let reader = try MachOSignatureReader(
      bytes: Array(try Data(contentsOf: file)), path: file.lastPathComponent)
    let facts = RealCode.specimen(id).machO.slices
    #expect(reader.slices.map(\.architecture) == facts.map(\.arch))
    var differences: [String] = []
    for (slice, fact) in zip(reader.slices, facts) {
      let apple = try #require(fact.signature?.codeDirectories)
      #expect(slice.codeDirectories.count == apple.count, "\(slice.architecture)")
      for (ours, theirs) in zip(slice.codeDirectories, apple) {
        let fields: [(String, Bool)] = [
          ("version", "0x" + String(ours.version, radix: 16) == theirs.version),
          ("flags", "0x" + String(ours.flags, radix: 16) == theirs.flags),
          ("identifier", ours.identifier == theirs.identifier),
          ("teamIdentifier", ours.teamIdentifier == theirs.teamId),
          ("hashType", "\(ours.hashType)" == theirs.hashType),
          ("pageSize", ours.pageSize == theirs.pageSize),
          ("codeLimit", ours.codeLimit == Int64(theirs.codeLimit)),
          ("specialSlots", (ours.specialDigests.keys.max() ?? 0) == theirs.nSpecialSlots),
          (
            "executableSegment",
            ours.executableSegmentBase.map(Int.init) == theirs.execSeg?.base
              && ours.executableSegmentLimit.map(Int.init) == theirs.execSeg?.limit
              && ours.executableSegmentFlags.map { "0x" + String($0, radix: 16) }
                == theirs.execSeg?.flags
          ),
        ]
        differences += fields.filter { !$0.1 }.map {
          "\(slice.architecture) \(theirs.slot): \($0.0)"
        }
      }
    }
    return differences
  }

  /// The whole of a bundle's `CodeResources`, as a property list.
  static func seal(_ bundle: URL, _ content: String) throws -> [String: Any] {
    let url = bundle.appendingPathComponent(content + "/_CodeSignature/CodeResources")
    let value = try PropertyListSerialization.propertyList(
      from: try Data(contentsOf: url), format: nil)
    return try #require(value as? [String: Any])
  }

  /// SDL2.framework, sealed ad hoc by Apple's codesign (SHA-1 and SHA-256 code directories,
  /// universal): signed ad hoc again, its seal is Apple's byte for byte, and its code
  /// directories are Apple's in every field but the hardened runtime we set by default (flag
  /// 0x10000, which needs version 0x20500 for its runtime version); `--no-runtime` gives
  /// Apple's in every field.
  @Test func anAdHocFrameworkSignedAgainKeepsApplesSealAndFields() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let framework = try RealCodeCommandTests.copy("sdl2-framework", into: folder)
    let sealPath = framework.appendingPathComponent("Versions/A/_CodeSignature/CodeResources")
    let apple = try Data(contentsOf: sealPath)
    let executable = framework.appendingPathComponent("Versions/A/SDL2")
    for (flags, expected) in [
      (["--no-runtime"], [String]()),
      (
        [],
        ["x86_64", "arm64"].flatMap { ["\($0) 0x0", "\($0) 0x1000"] }.flatMap {
          ["\($0): version", "\($0): flags"]
        }
      ),
    ] {
      let run = try RealCodeCommandTests.shipyard(
        ["app", "sign", framework.path, "--ad-hoc"] + flags)
      #expect(run.status == 0, "\(run.standardError)")
      #expect(try Data(contentsOf: sealPath) == apple)
      #expect(try Self.differences(executable, from: "sdl2-framework") == expected)
    }
  }

  /// cmake, signed by Kitware with Developer ID through Apple's codesign (SHA-1 and SHA-256, the
  /// hardened runtime, entitlements): signed again with the test identity, each code directory
  /// is Apple's but for the team (the test identity's) and, on arm64, the page size: we hash
  /// 4 KiB pages on every architecture, Apple's codesign 16 KiB pages on arm64.
  @Test func aDeveloperIDExecutableSignedAgainDiffersOnlyWhereWeChoose() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let cmake = try RealCodeCommandTests.copy("cmake", into: folder)
    let run = try RealCodeCommandTests.shipyard(
      ["app", "sign", cmake.path] + (try RealCodeCommandTests.identity()))
    #expect(run.status == 0, "\(run.standardError)")
    let slots = ["0x0", "0x1000"]
    #expect(
      try Self.differences(cmake, from: "cmake")
        == slots.map { "x86_64 \($0): teamIdentifier" }
        + slots.flatMap { ["arm64 \($0): teamIdentifier", "arm64 \($0): pageSize"] })
  }

  /// The mitmproxy app, Developer ID by Xcode, with a system extension its rules seal as files:
  /// signed again with the test identity, the extension is signed as a bundle first, and the
  /// app's seal is Apple's in every entry but the one file whose bytes signing changed (the
  /// extension's executable); the app then verifies.
  @Test func aDeveloperIDAppSignedAgainKeepsEverySealOfUnchangedContent() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let app = try RealCodeCommandTests.copy("mitmproxy-redirector-app", into: folder)
    let apple = try Self.seal(app, "Contents")
    let run = try RealCodeCommandTests.shipyard(
      ["app", "sign", app.path] + (try RealCodeCommandTests.identity()))
    #expect(run.status == 0, "\(run.standardError)")
    let ours = try Self.seal(app, "Contents")
    #expect((ours["files"] as? NSDictionary) == (apple["files"] as? NSDictionary))
    #expect((ours["rules"] as? NSDictionary) == (apple["rules"] as? NSDictionary))
    #expect((ours["rules2"] as? NSDictionary) == (apple["rules2"] as? NSDictionary))
    let appleFiles = try #require(apple["files2"] as? [String: Any])
    let ourFiles = try #require(ours["files2"] as? [String: Any])
    #expect(Set(appleFiles.keys) == Set(ourFiles.keys))
    let changed = appleFiles.keys.filter {
      (appleFiles[$0] as? NSDictionary) != (ourFiles[$0] as? NSDictionary)
    }
    let extensionFolder =
      "Library/SystemExtensions/org.mitmproxy.macos-redirector.network-extension.systemextension"
    #expect(
      changed == [
        "\(extensionFolder)/Contents/MacOS/org.mitmproxy.macos-redirector.network-extension"
      ])
    // The extension's own seal did not change: it is the same content.
    #expect(
      (try Self.seal(app, "Contents/\(extensionFolder)/Contents") as NSDictionary)
        == (try Self.seal(
          try RealCode.url("mitmproxy-redirector-app"), "Contents/\(extensionFolder)/Contents")
          as NSDictionary))
    let verified = try RealCodeCommandTests.shipyard(
      ["app", "verify", app.path, "--trust-root", try TestPKI.path("root.pem"), "--json"])
    let report = try RealCodeCommandTests.json(verified)
    #expect((report["problems"] as? [String])?.isEmpty == true, "\(report)")
  }
}
