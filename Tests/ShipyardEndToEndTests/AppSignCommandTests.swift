import CodeSigning
import Foundation
import ShipyardTestSupport
import Testing

/// `shipyard app sign`: the Electron-shaped app signed natively whole, failures that leave the
/// app as it was, and the Apple engine's `codesign` calls inside-out.
@Suite(.enabled(if: ElectronAppFixture.shouldRun, ElectronAppFixture.skipReason))
struct AppSignCommandTests {
  /// `shipyard app sign` with `arguments`, its tools found on `path`.
  func sign(_ arguments: [String], path: String = "/usr/bin:/bin") throws -> ProcessRunner.Output {
    try ProcessRunner.run(
      "env", ["PATH=\(path)", BuiltProducts.shipyard.path, "app", "sign"] + arguments)
  }

  @Test func theAppIsSignedWholeWithTheHardenedRuntimeEverywhere() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let fixture = try ElectronAppFixture.write(in: folder.url)
    let run = try sign([
      fixture.url.path, "--pem", try TestPKI.path("identity.pem"), "--no-timestamp",
    ])
    #expect(run.status == 0, "\(run.standardError)")
    let text = String(decoding: run.standardOutput, as: UTF8.self)
    #expect(
      text.contains("signed  as \(fixture.identifier)") || text.contains("as \(fixture.identifier)")
    )
    let policy = try TrustPolicy(addingRootsFromPEMFiles: [try TestPKI.path("root.pem")])
    for path in fixture.machOFiles.keys.sorted() {
      let reader = try MachOSignatureReader(
        bytes: Array(try Data(contentsOf: fixture.file(path))), path: path, policy: policy)
      for slice in reader.slices {
        let directory = try #require(slice.codeDirectories.first)
        #expect(directory.hasHardenedRuntime, "\(path) \(slice.architecture)")
        #expect(slice.trust?.isTrusted == true, "\(path) \(slice.architecture)")
        #expect(!slice.isTimestamped)
      }
    }
  }

  @Test func aWrongPasswordOrADataFileWhereCodeBelongsLeavesTheAppAsItWas() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let fixture = try ElectronAppFixture.write(
      in: folder.url,
      options: .init(dataFilesWhereCodeBelongs: ["MacOS/readme.txt"], machOFiles: [:]))
    let before = try TreeSnapshot(of: fixture.url)

    let data = try sign([fixture.url.path, "--ad-hoc"])
    #expect(data.status == 1)
    #expect(data.standardError.contains("Contents/MacOS/readme.txt"), "\(data.standardError)")

    let password = try ProcessRunner.run(
      "env",
      [
        "PATH=/usr/bin:/bin", "WRONG=nope", BuiltProducts.shipyard.path, "app", "sign",
        fixture.url.path, "--p12", try TestPKI.path("identity.p12"), "--p12-password-env",
        "WRONG",
      ])
    #expect(password.status == 1)
    #expect(password.standardError.contains("identity.p12"), "\(password.standardError)")
    #expect(!password.standardError.contains("nope"))
    #expect(try TreeSnapshot(of: fixture.url) == before)
    #expect(try TreeSnapshot.stagingLeftovers(of: "Demo.app", in: folder.url) == [])
    #expect(folder.contents == ["Demo.app"], "no staging copy is left")
  }

  @Test func theAppleEngineRunsCodesignOnEachItemInsideOut() throws {
    let tools = try FakeToolbox()
    defer { tools.remove() }
    let fixture = try ElectronAppFixture.write(in: tools.folder.url)
    let run = try sign(
      [
        fixture.url.path, "--engine", "apple", "--identity",
        "Developer ID Application: T (TEAMID1234)",
      ],
      path: tools.path)
    #expect(run.status == 0, "\(run.standardError)")
    let calls = tools.calls.filter { $0.first == "codesign" }
    let signs = calls.filter { $0.contains("--sign") }
    #expect(
      signs.allSatisfy {
        $0.contains("--options") && $0.contains("runtime") && $0.contains("--timestamp")
      })
    #expect(!signs.contains { $0.contains("--deep") }, "never --deep when signing")
    let targets = signs.map { $0.last ?? "" }
    #expect(targets.last == fixture.url.path, "the app is signed last")
    let helper = fixture.url.appendingPathComponent("Contents/Frameworks/Demo Helper.app").path
    let dylib = fixture.file(
      "Contents/Frameworks/Demo Framework.framework/Versions/A/Libraries/libffmpeg.dylib"
    ).path
    let framework = fixture.url.appendingPathComponent(
      "Contents/Frameworks/Demo Framework.framework/Versions/A"
    ).path
    let index = { (target: String) in targets.firstIndex(of: target) ?? -1 }
    #expect(index(dylib) >= 0 && index(dylib) < index(framework), "\(targets)")
    #expect(index(helper) >= 0)
    #expect(calls.last?.contains("--verify") == true)
  }
}
