import Foundation
import ShipyardTestSupport
import Testing

@testable import ShipyardCLI

/// Every usage error, the environment's included, is found while the command parses its
/// arguments, before any work starts: the command exits 64 and leaves nothing behind.
@Suite struct EarlyValidationTests {
  static let helloApp = SampleApps.scriptHello
  static let keychainSigning = ["--engine", "apple", "--identity", "Developer ID Application: X"]

  @Test(arguments: [
    (["dmg", "build"], ["SOURCE_DATE_EPOCH": "yesterday"], #"SOURCE_DATE_EPOCH is "yesterday""#),
    (
      ["dmg", "ship", "--skip-sign"], ["SOURCE_DATE_EPOCH": "1.5e9"],
      "not a number of seconds"
    ),
    (
      ["dmg", "ship", "--p12", "id.p12", "--p12-password-env", "P12_PASSWORD", "--skip-notarize"],
      [:], "the environment variable P12_PASSWORD is not set"
    ),
    (
      ["dmg", "ship"] + keychainSigning + [
        "--apple-id", "a@b.c", "--team-id", "T", "--password-env", "NOTARY_PASSWORD",
      ], [:], "the environment variable NOTARY_PASSWORD is not set"
    ),
    (["dmg", "ship", "--engine", "xcode"], [:], "--engine takes native, apple or rcodesign"),
    (
      ["dmg", "ship", "--skip-notarize", "--staple-app"], [:],
      "--staple-app notarizes the app and waits: it cannot go with --skip-sign, --skip-notarize"
        + " or --no-wait"
    ),
    (
      ["dmg", "ship", "--no-wait", "--staple-app"], [:],
      "--staple-app notarizes the app and waits: it cannot go with --skip-sign, --skip-notarize"
        + " or --no-wait"
    ),
    (["dmg", "ship", "--engine", "apple"], [:], "signing needs --identity <name>"),
    (["dmg", "ship"] + keychainSigning, [:], "notarization needs credentials: --keychain-profile"),
    // A Linux runner's engine is native: the options it can take come first.
    (
      ["dmg", "ship", "--engine", "native"], [:],
      "signing needs an identity: --p12 <file> (its password with --p12-password-env <VAR>)"
    ),
    (
      ["dmg", "ship", "--engine", "native", "--p12", "id.p12"], [:],
      "notarization needs an App Store Connect API key: --key <AuthKey_ID.p8>, or "
        + "--key-base64-env <VAR>"
    ),
    (["dmg", "ship", "--engine", "rcodesign"], [:], "signing needs --p12 <file> or --pem <file>"),
    (
      ["dmg", "ship", "--engine", "native", "--identity", "X", "--skip-notarize"], [:],
      "the native engine signs with a certificate file"
    ),
    (
      ["dmg", "ship", "--engine", "native", "--p12", "id.p12", "--keychain-profile", "ci"], [:],
      "the native engine notarizes with an App Store Connect API key only"
    ),
    (
      ["dmg", "ship", "--engine", "native", "--p12", "id.p12", "--skip-notarize"],
      ["SHIPYARD_TIMESTAMP_URL": "ftp://tsa.example.com"], "is not an http(s) URL"
    ),
  ])
  func usageErrorsStopTheCommandBeforeItBuilds(
    arguments: [String], environment: [String: String], message: String
  ) async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let capture = CapturingConsole()
    var console = capture.console
    console.environment = environment
    let status = await Shipyard.main(
      arguments: arguments + [Self.helloApp, "-o", folder.path("Hello.dmg")], console: console)
    #expect(status == 64, "\(capture.errors)")
    #expect(capture.errors.contains(message), "\(capture.errors)")
    // Nothing was built: no image, no temporary file beside it.
    #expect(folder.contents.isEmpty)
    #expect(!capture.errors.contains("wrote "))
  }

  @Test func theEnvironmentIsReadByInit() throws {
    #expect(throws: CommandError.self) {
      try DMGBuildCommand(arguments: [Self.helloApp], environment: ["SOURCE_DATE_EPOCH": "x"])
    }
    _ = try DMGBuildCommand(
      arguments: [Self.helloApp], environment: ["SOURCE_DATE_EPOCH": "1700000000"])
    #expect(throws: CommandError.self) {
      try DMGSignCommand(
        arguments: ["x.dmg", "--p12", "id.p12", "--p12-password-env", "UNSET"], environment: [:])
    }
    let signing = try DMGSignCommand(
      arguments: ["x.dmg", "--p12", "id.p12", "--p12-password-env", "P12"],
      environment: ["P12": "secret"])
    #expect(signing.image == "x.dmg")
  }

  @Test func theEngineIsAnEnumParsedOnce() throws {
    for name in EngineName.allCases {
      var arguments = DMGStapleCommand.Arguments()
      _ = try DMGStapleCommand.table.parse(["--engine", name.rawValue], into: &arguments)
      #expect(arguments.engine == name)
      _ = try DMGStapleCommand(arguments: ["x.dmg", "--engine", name.rawValue], environment: [:])
    }
    #expect(
      throws: CommandError.usage(
        "--engine takes native, apple or rcodesign, not \"Apple\"", command: "dmg staple")
    ) {
      try DMGStapleCommand(arguments: ["x.dmg", "--engine", "Apple"], environment: [:])
    }
  }
}
