import CodeSigning
import Digests
import Foundation
import ShipyardTestSupport
import Testing

/// The seal check over bundles signed through the fake signer: a signed bundle holds, and each
/// kind of change after signing is a finding naming its path.
@Suite struct BundleSealCheckTests {
  /// Signs the Electron fixture and returns it with its layout.
  static func signedElectron(in folder: ScratchFolder) async throws -> (URL, BundleLayout) {
    let app = try BundleFixture.electron(in: folder)
    let outcome = try await BundleSigner(signer: FakeCodeItemSigner()).sign(app)
    return (app, outcome.plan.layout)
  }

  /// The failing findings' details of every bundle's seal; `resign` names code whose cdhash the
  /// reader reports changed.
  static func problems(_ app: URL, _ layout: BundleLayout, resigned: String? = nil) throws
    -> [String]
  {
    let root = app.resolvingSymlinksInPath().path + "/"
    return try layout.bundles.flatMap { bundle in
      let check = try BundleSealCheck(bundle, in: app) { executable in
        let path = String(executable.resolvingSymlinksInPath().path.dropFirst(root.count))
        return path == resigned ? [UInt8](repeating: 0, count: 20) : FakeCodeItemSigner.cdhash(path)
      }
      #expect(check.findings.last?.check == .resourceSeal)
      return check.findings.filter { !$0.ok && $0.check != .resourceSeal }.map {
        "\($0.check): \($0.detail)"
      }
    }
  }

  @Test func aSignedBundleHolds() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let (app, layout) = try await Self.signedElectron(in: folder)
    #expect(try Self.problems(app, layout) == [])
    // Omitted and optional things may come and go.
    try BundleFixture.write([1], "Contents/Resources/sub/.DS_Store", in: app)
    try FileManager.default.removeItem(
      at: app.appendingPathComponent("Contents/Resources/en.lproj/MainMenu.nib"))
    try BundleFixture.write([2], "Contents/Resources/en.lproj/locversion.plist", in: app)
    #expect(try Self.problems(app, layout) == [])
  }

  @Test func eachChangeIsNamedWithItsPath() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let (app, layout) = try await Self.signedElectron(in: folder)
    try BundleFixture.write(Array("asaR".utf8), "Contents/Resources/app.asar", in: app)
    try BundleFixture.write(Array("new".utf8), "Contents/Resources/new.txt", in: app)
    try FileManager.default.removeItem(
      at: app.appendingPathComponent("Contents/Resources/electron.icns"))
    try FileManager.default.removeItem(
      at: app.appendingPathComponent("Contents/Resources/app.icns"))
    try BundleFixture.link("Contents/Resources/app.icns", to: "other.icns", in: app)
    try BundleFixture.write(
      Array("pak!".utf8),
      "Contents/Frameworks/Electron Framework.framework/Versions/A/Resources/en.lproj/locale.pak",
      in: app)
    let problems = try Self.problems(app, layout)
    #expect(
      problems == [
        "resource modified: Resources/app.asar does not match its sealed sha256 hash",
        "symlink target: Resources/app.icns points to other.icns, sealed as a link to electron.icns",
        "resource added: Resources/new.txt was added after signing",
        "resource missing: Resources/electron.icns is sealed but missing",
        // The framework's own seal, scanned after the app's.
        "resource modified: Resources/en.lproj/locale.pak does not match its sealed sha256 hash",
      ], "\(problems)")
  }

  @Test func nestedCodeSignedAgainOrUnsignedIsNamed() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let (app, layout) = try await Self.signedElectron(in: folder)
    let helper = "Contents/Frameworks/Electron Helper.app/Contents/MacOS/Electron Helper"
    let problems = try Self.problems(app, layout, resigned: helper)
    #expect(problems.count == 1)
    #expect(
      problems.first?.hasPrefix(
        "nested code: Frameworks/Electron Helper.app was changed or signed again") == true)
    let check = try BundleSealCheck(
      try #require(layout.bundles.first { $0.contentPath == "Contents" }), in: app
    ) { _ in nil }
    #expect(
      check.findings.filter { !$0.ok }.count == 6, "five nested bundles not signed, and the summary"
    )
  }

  @Test func aSealReadBackEqualsTheSealWritten() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let (app, layout) = try await Self.signedElectron(in: folder)
    for bundle in layout.bundles {
      let content = app.appendingPathComponent(bundle.contentPath)
      let bytes = try Data(
        contentsOf: content.appendingPathComponent("_CodeSignature/CodeResources"))
      let seal = try CodeResources(plist: Array(bytes), path: bundle.contentPath)
      let reordered = ResourceRules(
        rules: bundle.rules.rules.sorted {
          $0.pattern.utf8.lexicographicallyPrecedes($1.pattern.utf8)
        },
        rules2: bundle.rules.rules2.sorted {
          $0.pattern.utf8.lexicographicallyPrecedes($1.pattern.utf8)
        })
      #expect(seal.rules == reordered)
      #expect(seal.xml == Array(bytes), "written again, the seal is the same bytes")
    }
    #expect(throws: BundleError.self) { try CodeResources(plist: Array("<plist>".utf8), path: "x") }
  }

  @Test func aShallowBundlesSealUsesTheShallowRules() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let bundle = folder.file("Tool.bundle")
    let info = BundleFixture.infoPlist(
      executable: "Tool", identifier: "com.example.tool", type: "BNDL")
    try BundleFixture.write(info, "Info.plist", in: bundle)
    try BundleFixture.write(BundleFixture.machO("tool"), "Tool", in: bundle)
    try BundleFixture.write(Array("x".utf8), "data.txt", in: bundle)
    try BundleFixture.write(Array("y".utf8), "en.lproj/x.strings", in: bundle)
    let seal = try CodeResourcesBuilder(rules: .shallow, includeSHA1: false).build(
      contentFolder: bundle, mainExecutable: "Tool"
    ) { _ in nil }
    // v1 `^.*` seals Info.plist in `files`; v2 omits it (`^Info\.plist$`, weight 20).
    let expected = ExpectedSeal.document(
      #"""
        <key>files</key>
        <dict>
          <key>Info.plist</key>
          <data>
          \#(ExpectedSeal.hash(info, .sha1))
          </data>
          <key>data.txt</key>
          <data>
          \#(ExpectedSeal.hash("x", .sha1))
          </data>
          <key>en.lproj/x.strings</key>
          <dict>
            <key>hash</key>
            <data>
            \#(ExpectedSeal.hash("y", .sha1))
            </data>
            <key>optional</key>
            <true/>
          </dict>
        </dict>
        <key>files2</key>
        <dict>
          <key>data.txt</key>
          <dict>
            <key>hash2</key>
            <data>
            \#(ExpectedSeal.hash("x", .sha256))
            </data>
          </dict>
          <key>en.lproj/x.strings</key>
          <dict>
            <key>hash2</key>
            <data>
            \#(ExpectedSeal.hash("y", .sha256))
            </data>
            <key>optional</key>
            <true/>
          </dict>
        </dict>
      """# + "\n" + ExpectedSeal.shallowRules)
    #expect(String(decoding: seal.xml, as: UTF8.self) == expected)
  }
}

/// The stapled ticket's place, left out of the seal.
@Suite struct BundleStapleTests {
  @Test func aStapledTicketGoesInContentsAndKeepsTheSeal() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let (app, layout) = try await BundleSealCheckTests.signedElectron(in: folder)
    try BundleStaple.staple(Array("ticket".utf8), toBundleAt: app)
    let ticket = app.appendingPathComponent("Contents/CodeResources")
    #expect(FileManager.default.contents(atPath: ticket.path) == Data("ticket".utf8))
    #expect(try BundleSealCheckTests.problems(app, layout) == [])
    let binary = try folder.write(BundleFixture.machO("cli"), to: "cli")
    #expect(throws: BundleError.self) { try BundleStaple.staple([1], toBundleAt: binary) }
  }
}

extension BundleSealCheckTests {
  /// A seal of 4 GiB (a sparse file: no disk, and no memory unless it is read) is refused by its
  /// size before a byte of it is read.
  @Test func aSealOf4GiBIsRefusedUnread() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let (app, layout) = try await Self.signedElectron(in: folder)
    let seal = app.appendingPathComponent("Contents/_CodeSignature/CodeResources")
    let handle = try FileHandle(forWritingTo: seal)
    try handle.truncate(atOffset: 4 << 30)
    try handle.close()
    let bundle = try #require(layout.bundles.first { $0.contentPath == "Contents" })
    let error = try #require(throws: BundleError.self) {
      try BundleSealCheck(bundle, in: app) { _ in nil }
    }
    #expect(
      error
        == .malformedCodeResources(
          path: seal.path,
          reason: "it is 4294967296 bytes, more than the 64 MiB a seal could need; refused unread"))
  }
}
