import Foundation
import ShipyardTestSupport
import Testing

/// The action's second step, `scripts/action/run.sh`: `shipyard <args>`, the words split without
/// running anything, each secret input in its environment variable, named by an option added to
/// the command, never as an argument (not even to a builtin: it runs under `bash -x` here).
@Suite struct GitHubActionRunTests {
  /// Secret values of the kind CI holds, one across two lines as `base64` wraps.
  static let secrets = [
    "SHIPYARD_P12_BASE64=MIIKcQIBAzCCCjcGCSqGSIb3DQEHAaCCCigEggokMIIKIDCCBNcGCSqGSIb3\nDQEHBqCC",
    "SHIPYARD_P12_PASSWORD=correct-horse-battery-staple",
    "SHIPYARD_API_KEY_BASE64=LS0tLS1CRUdJTiBQUklWQVRFIEtFWS0tLS0tCk1JR1RBZ0VBTUJNR0J5cUdTTTQ5",
    "SHIPYARD_API_KEY_ID=ABC123DEFG", "SHIPYARD_API_ISSUER=57246542-96fe-1a63-e053-0824d011072a",
  ]

  /// A harness whose `shipyard` records its arguments, then runs the built one for `--help` and,
  /// when `real`, for everything; otherwise it checks that it was given `secrets`.
  static func harness(real: Bool) throws -> ActionHarness {
    let harness = try ActionHarness()
    let shipyard = "exec '\(BuiltProducts.shipyard.path)' \"$@\""
    let checks = secrets.map { entry -> String in
      let (name, value) = (entry.prefix { $0 != "=" }, entry.drop { $0 != "=" }.dropFirst())
      return "[ \"${\(name)-}\" = '\(value)' ] || exit 9"
    }
    try harness.fake(
      "shipyard",
      real
        ? shipyard
        : "case \"$*\" in *--help) \(shipyard) ;; esac\n" + checks.joined(separator: "\n"))
    return harness
  }

  /// Expects that no secret's value, nor any of its lines, is in `texts`.
  static func expectNoSecret(in texts: [String], sourceLocation: SourceLocation = #_sourceLocation)
  {
    let values = secrets.prefix(3).flatMap {
      $0.drop { $0 != "=" }.dropFirst().split(separator: "\n")
    }
    for text in texts {
      #expect(values.allSatisfy { !text.contains($0) }, sourceLocation: sourceLocation)
    }
  }

  @Test func theWordsAreSplitAsAShellQuotesThemAndNothingInThemRuns() throws {
    let harness = try Self.harness(real: true)
    defer { harness.remove() }
    let args = """
      form encode -F "greeting=hello world" -F 'note=$(touch pwned) `touch pwned`' \
      --boundary x\\ y -o body.bin
      """
    let run = try harness.run("run.sh", ["SHIPYARD_ACTION_ARGS=\(args)"])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(
      harness.calls == [
        [
          "shipyard", "form", "encode", "-F", "greeting=hello world", "-F",
          "note=$(touch pwned) `touch pwned`", "--boundary", "x y", "-o", "body.bin",
        ]
      ])
    let body = harness.text("body.bin")
    #expect(body.contains("--x y\r\n") && body.contains("\r\n\r\nhello world\r\n"), "\(body)")
    #expect(body.contains("\r\n\r\n$(touch pwned) `touch pwned`\r\n"), "\(body)")
    #expect(!FileManager.default.fileExists(atPath: harness.folder.path("pwned")))
  }

  @Test func theInputsBecomeOptionsNamingTheirVariables() throws {
    let harness = try Self.harness(real: false)
    defer { harness.remove() }
    let run = try harness.run(
      "run.sh", ["SHIPYARD_ACTION_ARGS=dmg ship 'My App.app' -o dist/"] + Self.secrets,
      traced: true)
    #expect(run.status == 0, "\(run.standardError)")
    #expect(
      harness.calls == [
        ["shipyard", "dmg", "ship", "--help"],
        [
          "shipyard", "dmg", "ship", "My App.app", "-o", "dist/",
          "--p12-base64-env", "SHIPYARD_P12_BASE64", "--p12-password-env", "SHIPYARD_P12_PASSWORD",
          "--key-base64-env", "SHIPYARD_API_KEY_BASE64", "--key-id", "ABC123DEFG",
          "--issuer", "57246542-96fe-1a63-e053-0824d011072a",
        ],
      ])
    Self.expectNoSecret(in: [run.standardError, harness.text("calls.log")])
    // …and the check can fail: the trace of a script that tests a value shows it.
    let leaky = try ProcessRunner.run(
      "env", ["-i", Self.secrets[1], "/bin/bash", "-x", "-c", #"[ -n "$SHIPYARD_P12_PASSWORD" ]"#])
    #expect(leaky.standardError.contains("correct-horse-battery-staple"))
  }

  @Test(arguments: [
    (
      "form encode -F a=b", [GitHubActionRunTests.secrets[0]],
      "shipyard form encode takes no --p12-base64-env: leave the input p12-base64 empty"
    ),
    (
      "app sign My.app", [GitHubActionRunTests.secrets[2]],
      "shipyard app sign takes no --key-base64-env: leave the input api-key-base64 empty"
    ),
    (
      "app sign My.app --p12-password-env=MINE", [GitHubActionRunTests.secrets[1]],
      "the input p12-password and --p12-password-env in args name the same option"
    ),
    ("--help", [GitHubActionRunTests.secrets[3]], "shipyard --help takes no --key-id"),
    (" \n ", [], "the input args is empty"),
    ("dmg build 'My.app", [], "cannot split the input args into words (an unmatched quote?)"),
  ])
  func aSecretTheCommandCannotTakeIsAnError(args: String, inputs: [String], message: String)
    throws
  {
    let harness = try Self.harness(real: false)
    defer { harness.remove() }
    let run = try harness.run("run.sh", ["SHIPYARD_ACTION_ARGS=\(args)"] + inputs, traced: true)
    #expect(run.status == 64)
    #expect(run.standardError.contains("shipyard action: \(message)"), "\(run.standardError)")
    #expect(harness.calls.allSatisfy { $0.last == "--help" }, "\(harness.calls)")
    Self.expectNoSecret(in: [run.standardError])
  }
}
