import Distribution
import Foundation
import ShipyardTestSupport
import Testing

/// Installer packages signed by Apple's tools (and rcodesign) against the fakes, which sign them
/// natively with the test PKI's Installer identity: productsign's and pkgutil's exact arguments,
/// signing in place through a file beside the output and a rename, nothing at the output (or
/// the input as it was) when a tool fails, and a certificate file refused before any tool runs.
@Suite struct ApplePackageSigningTests {
  static let installer = "Developer ID Installer: Example (TEAMID1234)"

  /// A component package of `tools/bin/hello`, built natively in the toolbox's folder.
  static func package(in tools: FakeToolbox) throws -> String {
    let source = try PackageSources.folder(in: tools.folder)
    let path = tools.folder.path("tools.pkg")
    _ = try PackageBuilder.build(
      source, to: path,
      options: .init(identifier: "com.example.tools", version: "1.2", component: true))
    return path
  }

  /// The test PKI's root added to Apple's.
  static func roots() throws -> TrustRoots {
    try TrustRoots(addingPEMFiles: [try TestPKI.path("root.pem")])
  }

  @Test func productsignWritesBesideTheOutputThenPkgutilChecksIt() async throws {
    let tools = try FakeToolbox()
    defer { tools.remove() }
    let input = try Self.package(in: tools)
    let output = tools.folder.path("signed.pkg")
    try await AppleEngine(runner: tools.runner).signPackage(
      input, to: output, identity: .keychain(name: Self.installer, keychain: "ci.keychain"))

    let signed = try #require(tools.calls.first?.last)
    #expect(
      tools.calls == [
        [
          "productsign", "--sign", Self.installer, "--keychain", "ci.keychain", "--timestamp",
          input, signed,
        ],
        ["pkgutil", "--check-signature", signed],
      ])
    // A file of the output's name in a hidden folder beside it.
    #expect(signed.hasPrefix(tools.folder.path(".signed.pkg.shipyard-")), "\(signed)")
    #expect(signed.hasSuffix("/signed.pkg"), "\(signed)")
    let check = try PackageSignatureCheck(path: output, trustRoots: try Self.roots())
    #expect(check.isSigned && check.isValid, "\(check.findings.filter { !$0.ok })")
    #expect(PackageSources.leftovers(in: tools.folder).isEmpty)
  }

  @Test func signingInPlaceGoesThroughAnotherFileAndARename() async throws {
    let tools = try FakeToolbox()
    defer { tools.remove() }
    let package = try Self.package(in: tools)
    try await AppleEngine(runner: tools.runner).signPackage(
      package, to: package, identity: .keychain(name: Self.installer, keychain: nil))

    let call = try #require(tools.calls.first)
    #expect(call.count == 6)
    #expect(
      Array(call.prefix(5)) == ["productsign", "--sign", Self.installer, "--timestamp", package])
    #expect(call.last != package)
    #expect(try PackageSignatureCheck(path: package, trustRoots: try Self.roots()).isSigned)
    #expect(PackageSources.leftovers(in: tools.folder).isEmpty)
  }

  @Test(arguments: [
    ("fail-command", "productsign"), ("fail-after-write", "productsign"),
    ("fail-command", "pkgutil"),
  ])
  func aFailingToolLeavesNothingAtTheOutput(scenario: String, tool: String) async throws {
    let tools = try FakeToolbox()
    defer { tools.remove() }
    let input = try Self.package(in: tools)
    let before = try Data(contentsOf: URL(fileURLWithPath: input))
    try tools.set(scenario, tool)
    let engine = AppleEngine(runner: tools.runner)
    let identity = SigningIdentity.keychain(name: Self.installer, keychain: nil)
    let output = tools.folder.path("signed.pkg")

    await #expect(throws: PipelineError.self) {
      try await engine.signPackage(input, to: output, identity: identity)
    }
    #expect(!FileManager.default.fileExists(atPath: output))
    // In place, the package stays as it was.
    await #expect(throws: PipelineError.self) {
      try await engine.signPackage(input, to: input, identity: identity)
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before)
    #expect(PackageSources.leftovers(in: tools.folder).isEmpty)
  }

  @Test func aCertificateFileIsRefusedBeforeAnyToolRuns() async throws {
    let tools = try FakeToolbox()
    defer { tools.remove() }
    let input = try Self.package(in: tools)
    await #expect(throws: PipelineError.certificateFileUnsupported(engine: "apple")) {
      try await AppleEngine(runner: tools.runner).signPackage(
        input, to: input, identity: .pem(path: try TestPKI.path("identity.pem")))
    }
    #expect(tools.calls.isEmpty)
  }

  @Test func rcodesignSignsWithTheIdentityFileIntoAFileBesideTheOutput() async throws {
    let tools = try FakeToolbox()
    defer { tools.remove() }
    let input = try Self.package(in: tools)
    let output = tools.folder.path("signed.pkg")
    let p12 = try TestPKI.path("installer-leaf.p12")
    let engine = RCodesignEngine(runner: tools.runner)
    try await engine.signPackage(
      input, to: output, identity: .p12(path: p12, passwordFile: "password.txt", password: nil))

    let signed = try #require(tools.calls.first?.last)
    #expect(
      tools.calls == [
        [
          "rcodesign", "sign", "--p12-file", p12, "--p12-password-file", "password.txt", input,
          signed,
        ]
      ])
    #expect(signed.hasPrefix(tools.folder.path(".signed.pkg.shipyard-")), "\(signed)")
    #expect(try PackageSignatureCheck(path: output, trustRoots: try Self.roots()).isSigned)

    try tools.set("fail-after-write", "rcodesign")
    let again = tools.folder.path("again.pkg")
    await #expect(throws: PipelineError.self) {
      try await engine.signPackage(input, to: again, identity: .pem(path: "installer.pem"))
    }
    #expect(PackageSources.nothingLeft(at: again, in: tools.folder))
  }

  /// The release of a package with Apple's engine: signed by productsign, submitted by notarytool
  /// (the package's own path), stapled and validated by stapler, whose ticket follows the archive.
  @Test func aReleaseSignsNotarizesAndStaplesWithApplesTools() async throws {
    let tools = try FakeToolbox()
    defer { tools.remove() }
    let package = try Self.package(in: tools)
    let release = PackageRelease(
      package: package, signingEngine: AppleEngine(runner: tools.runner),
      clock: FakeClock().clock)
    try await release.sign(identity: .keychain(name: Self.installer, keychain: nil))
    try await release.notarize(credentials: .keychainProfile("ci"))
    try await release.staple()

    let calls = tools.calls.map { $0.prefix($0.first == "xcrun" ? 3 : 2).joined(separator: " ") }
    #expect(
      calls == [
        "productsign --sign", "pkgutil --check-signature",
        "xcrun notarytool history", "xcrun notarytool submit", "xcrun notarytool info",
        "xcrun notarytool info", "xcrun stapler staple", "xcrun stapler validate",
      ])
    #expect(tools.calls.contains(["xcrun", "stapler", "staple", package]))
    #expect(tools.calls.contains { $0.starts(with: ["xcrun", "notarytool", "submit", package]) })
    let check = try release.verify(trustRoots: try Self.roots())
    #expect(check.signature.hasStapledTicket)
  }
}
