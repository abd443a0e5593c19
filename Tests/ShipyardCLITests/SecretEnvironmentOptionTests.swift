import Distribution
import Foundation
import ShipyardTestSupport
import Testing

@testable import ShipyardCLI

/// `--p12-base64-env` and `--key-base64-env`: every bad variable is a usage error (64) that names
/// the option and the variable, never the value, found before any work starts.
@Suite struct SecretEnvironmentOptionTests {
  /// A value no message may show.
  static let value = "c2VjcmV0LXZhbHVl!c2VjcmV0"
  /// The API key options but the key.
  static let keyIDAndIssuer = ["--key-id", "TESTKEY123", "--issuer", "issuer-uuid"]

  /// Runs `shipyard` with `arguments` in this process, with `environment`.
  static func run(_ arguments: [String], _ environment: [String: String]) async -> (
    status: Int32, errors: String, output: String
  ) {
    let capture = CapturingConsole()
    var console = capture.console
    console.environment = environment
    let status = await Shipyard.main(arguments: arguments, console: console)
    return (status, capture.errors, capture.outputText)
  }

  @Test(arguments: [
    (
      ["dmg", "sign", "x.dmg", "--p12-base64-env", "P12"], [:],
      "--p12-base64-env P12: the environment variable P12 is not set"
    ),
    (
      ["dmg", "sign", "x.dmg", "--p12-base64-env", "P12"], ["P12": ""],
      "--p12-base64-env P12: the environment variable P12 is empty"
    ),
    (
      ["app", "sign", "x.app", "--p12-base64-env", "P12"], ["P12": " \n"],
      "--p12-base64-env P12: the environment variable P12 is empty"
    ),
    (
      ["dmg", "ship", SampleApps.scriptHello, "--p12-base64-env", "P12", "--skip-notarize"],
      ["P12": value],
      "--p12-base64-env P12: the environment variable P12 is not base64 (at character 17)"
    ),
    (
      ["dmg", "sign", "x.dmg", "--p12-base64-env", "P12"], ["P12": "QUJDR"],
      "--p12-base64-env P12: the environment variable P12 is not base64 (it stops inside"
    ),
    (
      ["dmg", "sign", "x.dmg", "--p12", "id.p12", "--p12-base64-env", "P12"], ["P12": "QUJD"],
      "give --p12 or --p12-base64-env, not both"
    ),
    (
      ["app", "sign", "x.app", "--ad-hoc", "--p12-base64-env", "P12"], ["P12": "QUJD"],
      "--ad-hoc signs without an identity: leave out --identity, --p12, --p12-base64-env and --pem"
    ),
    (
      ["app", "sign", "x.app", "--engine", "apple", "--p12-base64-env", "P12"], ["P12": "QUJD"],
      "codesign signs with a keychain identity (--identity); the identity of --p12-base64-env "
        + "signs with --engine native"
    ),
    (
      ["dmg", "sign", "x.dmg", "--engine", "rcodesign", "--p12-base64-env", "P12"],
      ["P12": "QUJD"],
      "rcodesign reads the identity from a file (--p12 or --pem), and the one of "
        + "--p12-base64-env is never written to disk: sign with --engine native"
    ),
    (
      ["dmg", "notarize", "x.dmg", "--key-base64-env", "KEY"] + keyIDAndIssuer, [:],
      "--key-base64-env KEY: the environment variable KEY is not set"
    ),
    (
      ["app", "notarize", "x.app", "--key-base64-env", "KEY"] + keyIDAndIssuer, ["KEY": ""],
      "--key-base64-env KEY: the environment variable KEY is empty"
    ),
    (
      ["notary", "history", "--key-base64-env", "KEY"] + keyIDAndIssuer, ["KEY": value],
      "--key-base64-env KEY: the environment variable KEY is not base64 (at character 17) nor "
        + "PEM text"
    ),
    (
      ["dmg", "notarize", "x.dmg", "--key", "k.p8", "--key-base64-env", "KEY"], ["KEY": "QUJD"],
      "give --key or --key-base64-env, not both"
    ),
    (
      ["dmg", "notarize", "x.dmg", "--key-base64-env", "KEY", "--issuer", "I"], ["KEY": "QUJD"],
      "--key-base64-env needs --key-id <id> and --issuer <uuid>"
    ),
    (
      ["dmg", "notarize", "x.dmg", "--key-base64-env", "KEY"] + keyIDAndIssuer,
      ["KEY": "c2VjcmV0LXZhbHVl"],
      "cannot use the API key $KEY: no private key in it, PEM or DER"
    ),
    (
      [
        "notary", "info", "2efe2717-52ef-43a5-96dc-0797e4ca1041", "--engine", "apple",
        "--key-base64-env", "KEY",
      ] + keyIDAndIssuer,
      ["KEY": "QUJD"],
      "notarytool reads the API key from a file (--key), and the key of --key-base64-env is "
        + "never written to disk: notarize with --engine native"
    ),
    (
      ["dmg", "notarize", "x.dmg", "--engine", "rcodesign", "--key-base64-env", "KEY"]
        + keyIDAndIssuer,
      ["KEY": "QUJD"],
      "rcodesign reads the API key from a file (--key)"
    ),
    (
      [
        "dmg", "ship", SampleApps.scriptHello, "--engine", "apple", "--identity",
        "Developer ID Application: X",
        "--key-base64-env", "KEY",
      ] + keyIDAndIssuer,
      ["KEY": "QUJD"],
      "notarytool reads the API key from a file (--key)"
    ),
  ])
  func aBadVariableIsAUsageErrorNamingIt(
    arguments: [String], environment: [String: String], message: String
  ) async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let ship = arguments.starts(with: ["dmg", "ship"])
    let run = await Self.run(
      arguments + (ship ? ["-o", folder.path("x.dmg")] : []), environment)
    #expect(run.status == 64, "\(run.errors)")
    #expect(run.errors.contains(message), "\(run.errors)")
    #expect(!run.errors.contains(Self.value) && !run.output.contains(Self.value))
    #expect(!run.errors.contains("c2VjcmV0"), "\(run.errors)")
    #expect(folder.contents.isEmpty, "nothing is built")
  }

  @Test func theCommandsTakeTheVariablesBesideTheFiles() throws {
    let p12 = try DMGSignCommand(
      arguments: ["x.dmg", "--p12-base64-env", "P12", "--p12-password-env", "PASSWORD"],
      environment: ["P12": "QUJD\nRA==\n", "PASSWORD": "pw"])
    #expect(
      p12.identity
        == .p12Bytes(
          SecretBytes(Array("ABCD".utf8), origin: "$P12"), password: Secret("pw")))
    var arguments = NotaryArguments()
    arguments.keyBase64Variable = "KEY"
    arguments.keyID = "K"
    arguments.issuer = "I"
    let pem = "-----BEGIN PRIVATE KEY-----\nQUJD\n-----END PRIVATE KEY-----\n"
    let notary = try arguments.validated(environment: ["KEY": pem], command: "dmg notarize")
    #expect(
      notary.credentials
        == .apiKeyBytes(SecretBytes(Array(pem.utf8), origin: "$KEY"), keyID: "K", issuer: "I"))
  }
}
