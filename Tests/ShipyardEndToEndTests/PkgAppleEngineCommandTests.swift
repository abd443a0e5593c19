import Foundation
import ShipyardTestSupport
import Testing

/// `pkg build|sign|ship --engine apple` against the fake Apple tools, as a user runs them on a
/// Mac: the tools each step runs, in order, the package they leave (read back by `pkg verify`),
/// the password never shown, and what no tool can do refused before any runs.
@Suite struct PkgAppleEngineCommandTests {
  static let password = "abcd-efgh-ijkl-mnop"
  static let application = "Developer ID Application: Example (TEAMID1234)"
  static let installer = "Developer ID Installer: Example (TEAMID1234)"

  /// Runs `shipyard` with the fakes first on `PATH` and the password in `NOTARY_PASSWORD`.
  private func shipyard(_ tools: FakeToolbox, _ arguments: [String]) throws
    -> ProcessRunner.Output
  {
    try tools.shipyard(arguments, environment: ["NOTARY_PASSWORD=\(Self.password)"])
  }

  @Test(.enabled(if: SampleApps.canMakeMachO, "needs apple-platform-py for a Mach-O Hello.app"))
  func shipRunsApplesToolsForEveryStepAndNeverPrintsTheSecret() async throws {
    let tools = try FakeToolbox()
    defer { tools.remove() }
    let output = tools.folder.path("dist/Hello.pkg")
    // The app is signed by the test identity already: the fake codesign only records, and the
    // last step verifies the app inside the package as app verify does.
    let run = try shipyard(
      tools,
      [
        "pkg", "ship", try await SampleApps.signedHello(in: tools.folder.url), "-o", output,
        "--engine",
        "apple", "--identity",
        Self.application, "--installer-identity", Self.installer, "--apple-id",
        "dev@example.com", "--team-id", "TEAMID1234", "--password-env", "NOTARY_PASSWORD",
        "--json",
      ])
    #expect(run.status == 0, "\(run.standardError)")

    // codesign signs the app inside-out, then every later step is Apple's tool's.
    let steps = tools.calls.drop { $0.first == "codesign" }
    #expect(tools.calls.first?.prefix(3) == ["codesign", "--sign", Self.application])
    #expect(
      steps.map { $0.prefix($0.first == "xcrun" ? 3 : 2).joined(separator: " ") } == [
        "pkgbuild --component", "productbuild --synthesize", "productbuild --distribution",
        "productsign --sign", "pkgutil --check-signature", "xcrun notarytool history",
        "xcrun notarytool submit", "xcrun notarytool info", "xcrun notarytool info",
        "xcrun stapler staple", "xcrun stapler validate",
      ])
    #expect(tools.calls.contains(["xcrun", "stapler", "staple", output]))
    let report = String(decoding: run.standardOutput, as: UTF8.self)
    #expect(report.contains(#""hasStapledTicket" : true"#), "\(report)")
    let state = (try? String(contentsOfFile: output + ".notarization.json", encoding: .utf8)) ?? ""
    #expect(!(report + run.standardError + state).contains(Self.password))
    // The password is on notarytool's command line only (where notarytool takes it).
    #expect(
      tools.calls.filter { $0.contains(Self.password) }.allSatisfy {
        $0.starts(with: ["xcrun", "notarytool"])
      })
    let verified = try tools.shipyard(["pkg", "verify", output])
    #expect(verified.status == 0, "\(verified.standardError)")
  }

  @Test func buildRunsPkgbuildAndProductbuild() throws {
    let tools = try FakeToolbox()
    defer { tools.remove() }
    try FileManager.default.createDirectory(
      at: tools.folder.file("tools/bin"), withIntermediateDirectories: true)
    _ = try tools.folder.write(Array("#!/bin/sh\n".utf8), to: "tools/bin/hello")
    let output = tools.folder.path("tools.pkg")
    let run = try shipyard(
      tools,
      [
        "pkg", "build", tools.folder.path("tools"), "--engine", "apple", "--identifier",
        "com.example.tools", "--version", "1.2", "--install-location", "/usr/local", "-o", output,
        "--json",
      ])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(
      tools.calls.map { $0.prefix(2) } == [
        ["pkgbuild", "--root"], ["productbuild", "--synthesize"],
        ["productbuild", "--distribution"],
      ])
    let report = String(decoding: run.standardOutput, as: UTF8.self)
    #expect(report.contains(#""product" : true"#), "\(report)")
    #expect(report.contains(#""installLocation" : "/usr/local""#), "\(report)")
    #expect(FileManager.default.fileExists(atPath: output))
  }

  @Test func signInPlaceLeavesThePackageAsItWasWhenProductsignFails() throws {
    let tools = try FakeToolbox()
    defer { tools.remove() }
    try FileManager.default.createDirectory(
      at: tools.folder.file("tools"), withIntermediateDirectories: true)
    let package = tools.folder.path("tools.pkg")
    let built = try tools.shipyard([
      "pkg", "build", tools.folder.path("tools"), "--engine", "native", "--identifier", "t",
      "--version", "1", "-o", package,
    ])
    #expect(built.status == 0, "\(built.standardError)")
    let before = try Data(contentsOf: URL(fileURLWithPath: package))
    let sign = ["pkg", "sign", package, "--engine", "apple", "--identity", Self.installer]

    try tools.set("fail-after-write", "productsign")
    let failed = try shipyard(tools, sign)
    #expect(failed.status == 1)
    #expect(failed.standardError.contains("productsign"), "\(failed.standardError)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: package)) == before)

    try tools.set("fail-after-write", "none")
    let signed = try shipyard(tools, sign)
    #expect(signed.status == 0, "\(signed.standardError)")
    #expect(try tools.shipyard(["pkg", "verify", package]).status == 0)
    #expect(!tools.folder.contents.contains { $0.contains(".shipyard-") })
  }

  /// The identifier and version the folder `tools` needs.
  static let folderFacts = ["--identifier", "com.example.tools", "--version", "1"]

  @Test(arguments: [
    (["pkg", "build", "tools", "--engine", "rcodesign"], "--engine takes native or apple"),
    (["pkg", "build", "tools", "--engine", "apple", "--sha256"], "--sha256"),
    (["pkg", "sign", "tools.pkg", "--engine", "apple", "--pem", "x.pem"], "keychain identity"),
    (
      [
        "pkg", "ship", "tools", "--engine", "apple", "--installer-pem", "x.pem",
        "--keychain-profile", "ci",
      ],
      "--installer-identity"
    ),
    (
      [
        "pkg", "ship", "tools", "--engine", "apple", "--installer-identity", "Installer", "--key",
        "k.p8", "--key-id", "K", "--issuer", "I", "--sha256",
      ],
      "--sha256"
    ),
    (
      [
        "pkg", "ship", "tools", "--engine", "native", "--installer-identity", "Installer",
        "--key", "k.p8",
      ],
      "only productsign reads"
    ),
  ])
  func whatTheEngineCannotDoIsAUsageErrorBeforeAnyToolRuns(arguments: [String], message: String)
    throws
  {
    let tools = try FakeToolbox()
    defer { tools.remove() }
    try FileManager.default.createDirectory(
      at: tools.folder.file("tools"), withIntermediateDirectories: true)
    let facts = arguments[1] == "sign" ? [] : Self.folderFacts
    let run = try shipyard(
      tools, arguments.map { $0.hasPrefix("tools") ? tools.folder.path($0) : $0 } + facts)
    #expect(run.status == 64, "\(run.standardError)")
    #expect(run.standardError.contains(message), "\(run.standardError)")
    #expect(tools.calls.isEmpty)
  }
}
