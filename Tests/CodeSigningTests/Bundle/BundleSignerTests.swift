import CodeSigning
import Digests
import Foundation
import ShipyardTestSupport
import SystemSupport
import Testing

/// Signing a bundle through a fake item signer: the order, the bytes each bundle's main
/// executable binds, the seal as Apple writes it, re-signing, and failures that leave nothing
/// half-signed.
@Suite struct BundleSignerTests {
  static func nested(_ key: String, _ executable: String, _ identifier: String) -> String {
    let cdhash = ExpectedSeal.base64(FakeCodeItemSigner.cdhash(executable))
    return """
          <key>\(key)</key>
          <dict>
            <key>cdhash</key>
            <data>
            \(cdhash)
            </data>
            <key>requirement</key>
            <string>identifier "\(identifier)" and anchor apple generic</string>
          </dict>
      """
  }

  static func file(_ key: String, _ bytes: [UInt8], optional: Bool = false) -> String {
    """
        <key>\(key)</key>
        <dict>
          <key>hash2</key>
          <data>
          \(ExpectedSeal.hash(bytes, .sha256))
          </data>\(optional ? "\n      <key>optional</key>\n      <true/>" : "")
        </dict>
    """
  }

  static func legacy(_ key: String, _ bytes: [UInt8]) -> String {
    """
        <key>\(key)</key>
        <data>
        \(ExpectedSeal.hash(bytes, .sha1))
        </data>
    """
  }

  /// The Electron app's own seal, entry by entry from the reference's rules.
  static var electronSeal: String {
    let addon = BundleFixture.machO("addon") + Array("|signed".utf8)
    let frameworks = "Contents/Frameworks"
    let body = [
      "  <key>files</key>", "  <dict>", legacy("Resources/.DS_Store", []),
      legacy("Resources/Base.lproj/Main.strings", Array("base".utf8)),
      legacy("Resources/app.asar", Array("asar".utf8)),
      legacy("Resources/electron.icns", Array("icns".utf8)),
      """
          <key>Resources/en.lproj/MainMenu.nib</key>
          <dict>
            <key>hash</key>
            <data>
            \(ExpectedSeal.hash("nib", .sha1))
            </data>
            <key>optional</key>
            <true/>
          </dict>
      """,
      legacy("Resources/native/addon.node", addon), "  </dict>", "  <key>files2</key>", "  <dict>",
      nested(
        "Frameworks/Electron Framework.framework",
        "\(frameworks)/Electron Framework.framework/Versions/A/Electron Framework",
        "com.github.Electron.framework"),
      nested(
        "Frameworks/Electron Helper (GPU).app",
        "\(frameworks)/Electron Helper (GPU).app/Contents/MacOS/Electron Helper (GPU)",
        "com.example.electron.helper.GPU"),
      nested(
        "Frameworks/Electron Helper.app",
        "\(frameworks)/Electron Helper.app/Contents/MacOS/Electron Helper",
        "com.example.electron.helper"),
      nested(
        "Library/LoginItems/Launcher.app",
        "Contents/Library/LoginItems/Launcher.app/Contents/MacOS/Launcher",
        "com.example.electron.launcher"),
      nested(
        "PlugIns/Z.plugin", "Contents/PlugIns/Z.plugin/Contents/MacOS/Z", "com.example.electron.z"),
      file("Resources/Base.lproj/Main.strings", Array("base".utf8)),
      file("Resources/app.asar", Array("asar".utf8)),
      """
          <key>Resources/app.icns</key>
          <dict>
            <key>symlink</key>
            <string>electron.icns</string>
          </dict>
      """,
      file("Resources/electron.icns", Array("icns".utf8)),
      file("Resources/en.lproj/MainMenu.nib", Array("nib".utf8), optional: true),
      file("Resources/native/addon.node", addon), "  </dict>", ExpectedSeal.deepRules,
    ]
    return ExpectedSeal.document(body.joined(separator: "\n"))
  }

  @Test func anElectronAppIsSignedInsideOutWithItsSealsBound() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let app = try BundleFixture.electron(in: folder)
    let signer = FakeCodeItemSigner()
    let outcome = try await BundleSigner(signer: signer).sign(app)
    #expect(signer.order == outcome.plan.steps.map(\.item.relativePath))
    #expect(signer.order.last == "Contents/MacOS/Electron" && signer.order.count == 9)
    let calls = signer.calls.withLock { $0 }
    for call in calls {
      let bundle = outcome.plan.layout.bundles.first {
        $0.mainExecutable.relativePath == call.item.relativePath
      }
      guard let bundle else {
        #expect(call.infoPlist == nil && call.codeResources == nil, "\(call.item)")
        continue
      }
      // Slot 1 and slot 3 get the bytes now in the signed bundle.
      let content =
        bundle.contentPath.isEmpty ? app : app.appendingPathComponent(bundle.contentPath)
      let seal = try Data(
        contentsOf: content.appendingPathComponent("_CodeSignature/CodeResources"))
      #expect(call.codeResources == Array(seal), "\(bundle.contentPath)")
      #expect(
        call.infoPlist
          == Array(try Data(contentsOf: app.appendingPathComponent(bundle.infoPlistPath))))
    }
    let top = try #require(calls.last?.codeResources)
    #expect(String(decoding: top, as: UTF8.self) == Self.electronSeal)
    #expect(
      outcome.main
        == FakeCodeItemSigner.signature(
          of: "Contents/MacOS/Electron", identifier: "com.example.electron"))
    // Only the original's name is left in the folder: the staging copy was swapped in.
    #expect(folder.contents == ["Electron.app"])
  }

  @Test func theCopyKeepsLinksAndPermissions() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let app = try BundleFixture.electron(in: folder)
    let executable = app.appendingPathComponent("Contents/MacOS/Electron").path
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: executable)
    _ = try await BundleSigner(signer: FakeCodeItemSigner()).sign(app)
    let attributes = try FileManager.default.attributesOfItem(atPath: executable)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o755)
    let framework = app.appendingPathComponent("Contents/Frameworks/Electron Framework.framework")
    #expect(
      try FileManager.default.destinationOfSymbolicLink(
        atPath: framework.appendingPathComponent("Versions/Current").path) == "A")
    #expect(
      try FileManager.default.destinationOfSymbolicLink(
        atPath: app.appendingPathComponent("Contents/Resources/app.icns").path) == "electron.icns")
  }

  @Test func aSHA1MainExecutableGetsSHA1HashesInFiles2() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let app = try BundleFixture.electron(in: folder)
    let signer = FakeCodeItemSigner(sha1Paths: ["Contents/MacOS/Electron"])
    _ = try await BundleSigner(signer: signer).sign(app)
    let seal = try CodeResources(
      plist: try #require(signer.calls.withLock { $0.last?.codeResources }), path: "CodeResources")
    let asar = try #require(seal.files2["Resources/app.asar"])
    #expect(asar.hash == Array(DigestAlgorithm.sha1.digest(Array("asar".utf8))))
    #expect(asar.hash2 == Array(DigestAlgorithm.sha256.digest(Array("asar".utf8))))
    // The framework's main executable uses SHA-256 only: no `hash` in its files2.
    let framework = signer.calls.withLock { $0 }.first {
      $0.item.identifier == "com.github.Electron.framework"
    }
    let frameworkSeal = try CodeResources(
      plist: try #require(framework?.codeResources), path: "CodeResources")
    #expect(frameworkSeal.files2.values.allSatisfy { $0.hash == nil })
    #expect(frameworkSeal.files2["Resources/Info.plist"]?.hash2 != nil)
    #expect(frameworkSeal.files["Resources/Info.plist"] != nil)
  }

  @Test func adHocNestedCodeIsSealedByEveryCDHash() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let app = try BundleFixture.electron(in: folder)
    let helper = "Contents/Frameworks/Electron Helper.app/Contents/MacOS/Electron Helper"
    let signer = FakeCodeItemSigner(sha1Paths: [helper], adHoc: true)
    _ = try await BundleSigner(signer: signer).sign(app)
    let seal = try CodeResources(
      plist: try #require(signer.calls.withLock { $0.last?.codeResources }), path: "CodeResources")
    let signed = FakeCodeItemSigner.signature(of: helper, identifier: "", adHoc: true, sha1: true)
    #expect(
      seal.files2["Frameworks/Electron Helper.app"]?.requirement
        == "cdhash H\"\(signed.allCDHashes[0].hex)\" or cdhash H\"\(signed.allCDHashes[1].hex)\"")
  }

  @Test func reSigningReplacesTheOldSealsAndTicket() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let app = try BundleFixture.electron(in: folder)
    _ = try await BundleSigner(signer: FakeCodeItemSigner()).sign(app)
    try BundleFixture.write(Array("stale".utf8), "Contents/_CodeSignature/old-file", in: app)
    try BundleFixture.write(Array("ticket".utf8), "Contents/CodeResources", in: app)
    let signer = FakeCodeItemSigner()
    _ = try await BundleSigner(signer: signer).sign(app)
    let contents = app.appendingPathComponent("Contents")
    #expect(
      try FileManager.default.contentsOfDirectory(
        atPath: contents.appendingPathComponent("_CodeSignature").path) == ["CodeResources"])
    #expect(
      !FileManager.default.fileExists(atPath: contents.appendingPathComponent("CodeResources").path)
    )
    #expect(signer.order.count == 9)
  }

  @Test func aFailureLeavesTheOriginalUntouched() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let app = try BundleFixture.electron(in: folder)
    let before = try Self.snapshot(app)
    let failing = FakeCodeItemSigner(failingPath: "Contents/PlugIns/Z.plugin/Contents/MacOS/Z")
    await #expect(throws: FakeCodeItemSigner.Failure.self) {
      try await BundleSigner(signer: failing).sign(app)
    }
    #expect(failing.order.count == 7, "signing went as far as the failing item")
    let inconsistent = FakeCodeItemSigner(inconsistentPaths: ["Contents/MacOS/Electron"])
    await #expect(
      throws: BundleError.digestMismatch(path: "Contents/MacOS/Electron", sealedWithSHA1: false)
    ) {
      try await BundleSigner(signer: inconsistent).sign(app)
    }
    try BundleFixture.write(Array("x".utf8), "Contents/MacOS/notes.txt", in: app)
    await #expect(
      throws: BundleError.dataInCodeLocation(path: "Electron.app/Contents/MacOS/notes.txt")
    ) {
      try await BundleSigner(signer: FakeCodeItemSigner()).sign(app)
    }
    try FileManager.default.removeItem(at: app.appendingPathComponent("Contents/MacOS/notes.txt"))
    #expect(try Self.snapshot(app) == before)
    #expect(folder.contents == ["Electron.app"], "no staging copy is left")
  }

  @Test func aSignerThatReplacesFilesStagesWithLinksAndNeverChangesTheOriginal() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let app = try BundleFixture.electron(in: folder)
    let before = try Self.snapshot(app)
    let resource = "Contents/Resources/app.asar"
    let inode = try Self.inode(app.appendingPathComponent(resource))
    let failing = FakeCodeItemSigner(
      failingPath: "Contents/PlugIns/Z.plugin/Contents/MacOS/Z", replacesFiles: true)
    await #expect(throws: FakeCodeItemSigner.Failure.self) {
      try await BundleSigner(signer: failing).sign(app)
    }
    #expect(failing.order.count == 7, "signing went as far as the failing item")
    #expect(try Self.snapshot(app) == before, "the signed files were replaced in the copy only")
    #expect(folder.contents == ["Electron.app"], "no staging copy is left")
    let signer = FakeCodeItemSigner(replacesFiles: true)
    _ = try await BundleSigner(signer: signer).sign(app)
    #expect(signer.order.count == 9)
    #expect(
      try Self.inode(app.appendingPathComponent(resource)) == inode,
      "a resource is the original's file, linked, not a copy of its bytes")
    let main = app.appendingPathComponent("Contents/MacOS/Electron")
    #expect(try Data(contentsOf: main) == before["Contents/MacOS/Electron"]! + Data("|signed".utf8))
    #expect(folder.contents == ["Electron.app"])
  }

  static func inode(_ url: URL) throws -> UInt64 {
    try #require(
      FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? UInt64)
  }

  @Test func aSingleBinaryIsSignedThroughACopyBesideIt() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let binary = try folder.write(BundleFixture.machO("cli"), to: "mytool")
    let signer = FakeCodeItemSigner()
    let outcome = try await BundleSigner(signer: signer).sign(
      binary, identifier: "com.example.mytool")
    #expect(outcome.main?.cdhash == FakeCodeItemSigner.cdhash("mytool"))
    #expect(signer.calls.withLock { $0.map(\.item.identifier) } == ["com.example.mytool"])
    #expect(signer.calls.withLock { $0[0].item.url } != binary, "the copy is signed")
    #expect(
      try Data(contentsOf: binary) == Data(BundleFixture.machO("cli") + Array("|signed".utf8)))
    #expect(folder.contents == ["mytool"])
  }

  /// Every path under `root` with its bytes or link target.
  static func snapshot(_ root: URL) throws -> [String: Data] {
    var snapshot: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: root.path)
    while let path = enumerator?.nextObject() as? String {
      let url = root.appendingPathComponent(path)
      if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: url.path) {
        snapshot[path] = Data("-> \(target)".utf8)
      } else {
        snapshot[path] = FileManager.default.contents(atPath: url.path) ?? Data("folder".utf8)
      }
    }
    return snapshot
  }
}
