import Foundation
import ShipyardTestSupport
import Testing

/// Issue 35's CI-native secrets, with the native engine against the loopback doubles.
///
/// `--p12-base64-env` and `--key-base64-env` sign, notarize and staple, the `.p12` and the `.p8`
/// coming from environment variables as CI secrets hold them. No secret appears in the output (text or
/// JSON), in `shipyard`'s arguments, or in a file it leaves; its temporary folder (its `TMPDIR`)
/// and its working folder hold nothing of it after.
@Suite(
  .enabled(
    if: PeerPolicy.shouldRun(whenAvailable: NotaryDouble.isAvailable) && SampleApps.canMakeMachO,
    Comment(rawValue: NotaryDouble.requirement)))
struct SecretEnvironmentShipTests {
  /// The `.p12` options, from `P12_BASE64` with its password in `P12_PASSWORD`.
  static let identity = [
    "--p12-base64-env", "P12_BASE64", "--p12-password-env", "P12_PASSWORD",
  ]

  /// The API key options, the key from `variable`.
  static func key(_ variable: String) -> [String] {
    [
      "--key-base64-env", variable, "--key-id", NotaryDouble.keyID, "--issuer",
      NotaryDouble.issuer,
    ]
  }

  /// Expects that `run`, a `dmg ship … --json` of an app, succeeded and ran every step.
  static func expectShipped(
    _ run: ProcessRunner.Output, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    #expect(run.status == 0, "\(run.standardError)", sourceLocation: sourceLocation)
    let summary = try JSONSerialization.jsonObject(with: run.standardOutput) as? [String: Any]
    #expect(
      summary?["steps"] as? [String: String] == [
        "sign-app": "done", "build": "done", "sign": "done", "notarize": "accepted",
        "staple": "done", "verify": "valid",
      ], "\(String(describing: summary))", sourceLocation: sourceLocation)
  }

  /// Runs `body` with a new double, its secrets and an unsigned Mach-O Hello.app in the double's
  /// folder; then expects the run's temporary folder empty, and its working folder to hold
  /// `outputs` only.
  func withDouble(
    leaving outputs: [String] = [], _ body: (NotaryDouble, CISecrets, String) throws -> Void
  ) throws {
    let double = try NotaryDouble()
    defer { double.stop() }
    let secrets = try CISecrets(double)
    defer { secrets.remove() }
    try body(double, secrets, try SampleApps.machOHello(in: double.folder.file("src")))
    secrets.expectNothingLeftInTheTemporaryFolder()
    #expect(secrets.work.contents == outputs)
  }

  @Test func appSignTakesTheP12FromTheEnvironment() throws {
    try withDouble { double, secrets, app in
      #expect(secrets.needlesAreInTheSecrets)
      let run = try secrets.shipyard(double, ["app", "sign", app, "--json"] + Self.identity)
      #expect(run.status == 0, "\(run.standardError)")
      let summary = try JSONSerialization.jsonObject(with: run.standardOutput) as? [String: Any]
      #expect((summary?["items"] as? [Any])?.isEmpty == false, "\(String(describing: summary))")
      let verify = try double.shipyard(["app", "verify", app])
      #expect(verify.status == 0, "\(verify.standardError)")
      #expect(String(decoding: verify.standardOutput, as: UTF8.self).contains("\(app): valid"))
      secrets.expectAbsent(from: run)
      try secrets.expectAbsent(fromFilesUnder: URL(fileURLWithPath: app))
    }
  }

  @Test func dmgShipSignsNotarizesAndStaplesWithBothFromTheEnvironment() throws {
    try withDouble(leaving: ["Hello.dmg", "Hello.dmg.notarization.json"]) { double, secrets, app in
      // The image goes to the working folder, by a relative path.
      let run = try secrets.shipyard(
        double,
        ["dmg", "ship", app, "-o", "Hello.dmg", "--json"] + Self.identity
          + Self.key("ASC_KEY_BASE64"))
      try Self.expectShipped(run)
      let tokens = double.requests().compactMap { $0["jwt"] as? String }
      #expect(!tokens.isEmpty && tokens.allSatisfy { $0 == "ok" }, "\(tokens)")
      secrets.expectAbsent(from: run)
      try secrets.expectAbsent(fromFilesUnder: secrets.work.url)
      try secrets.expectAbsent(fromFilesUnder: URL(fileURLWithPath: app))
      let verify = try double.shipyard(["dmg", "verify", secrets.work.path("Hello.dmg")])
      #expect(verify.status == 0, "\(verify.standardError)")
    }
  }

  @Test func appNotarizeAndTheLookUpsTakeTheKeyAsPEMTextOrAsItsDER() throws {
    try withDouble { double, secrets, _ in
      let app = try double.signedHello()
      let notarized = try secrets.shipyard(double, ["app", "notarize", app] + Self.key("ASC_KEY"))
      #expect(notarized.status == 0, "\(notarized.standardError)")
      #expect(notarized.standardError.contains("notarized \(app): submission"))
      let history = try secrets.shipyard(
        double, ["notary", "history", "--json"] + Self.key("ASC_KEY_DER"))
      #expect(history.status == 0, "\(history.standardError)")
      #expect(String(decoding: history.standardOutput, as: UTF8.self).contains("Hello.zip"))
      let tokens = double.requests().compactMap { $0["jwt"] as? String }
      #expect(!tokens.isEmpty && tokens.allSatisfy { $0 == "ok" }, "\(tokens)")
      for run in [notarized, history] { secrets.expectAbsent(from: run) }
      // The app's state file beside it, and the app, hold none of the key.
      try secrets.expectAbsent(
        fromFilesUnder: URL(fileURLWithPath: app).deletingLastPathComponent())
    }
  }

  @Test func aP12ThatDoesNotOpenIsNamedByItsVariableAndLeavesTheAppAsItWas() throws {
    try withDouble { double, secrets, app in
      let before = try TreeSnapshot(of: URL(fileURLWithPath: app))
      let notAP12 = Data("not a PKCS#12 file".utf8).base64EncodedString()
      for (options, extra, message) in [
        (Self.identity, ["P12_PASSWORD=Wr0ng-Pa55"], "the password does not open $P12_BASE64"),
        (
          ["--p12-base64-env", "P12_BASE64"], [],
          "$P12_BASE64 is protected by a password, and none was given: name the variable "
            + "holding it with --p12-password-env <VAR>"
        ),
        (
          ["--p12-base64-env", "NOT_A_P12"], ["NOT_A_P12=\(notAP12)"],
          "cannot read the identity $NOT_A_P12: not a PKCS#12 file"
        ),
      ] {
        let run = try double.shipyard(
          ["app", "sign", app] + options, environment: secrets.runEnvironment + extra,
          under: secrets.wrapper)
        // As with --p12: the signing step fails (1), before the app is touched.
        #expect(run.status == 1, "\(run.standardError)")
        #expect(run.standardError.contains(message), "\(run.standardError)")
        #expect(!run.standardError.contains("Wr0ng-Pa55"))
        secrets.expectAbsent(from: run)
      }
      #expect(try TreeSnapshot(of: URL(fileURLWithPath: app)) == before)
    }
  }
}
