import Foundation
import ShipyardTestSupport
import Testing

/// `dmg ship` and its steps with the native engine on Linux, against the loopback Notary, S3,
/// ticket and time-stamp doubles, with no rcodesign and no Apple tool on PATH.
@Suite(
  .enabled(
    if: PeerPolicy.shouldRun(whenAvailable: NotaryDouble.isAvailable),
    Comment(rawValue: NotaryDouble.requirement)))
struct NativeShipTests {
  /// The sample app, its executable a script: enough for the steps that never check it.
  static let helloApp = SampleApps.scriptHello
  /// A PATH without rcodesign, xcrun, codesign or stapler.
  static let path = "PATH=/usr/bin:/bin"

  /// Runs `shipyard` against `double`, the `.p12` password in `P12_PASSWORD`.
  func shipyard(
    _ double: NotaryDouble, _ arguments: [String], password: String = NotaryDouble.password
  )
    throws -> (status: Int32, output: String, errors: String)
  {
    let run = try ProcessRunner.run(
      "env",
      [
        Self.path, "P12_PASSWORD=\(password)",
        // The double's own PKI signs: its root is the one to trust.
        "SHIPYARD_TRUST_ROOTS=\(double.folder.path("root.pem"))",
      ] + double.environment + [BuiltProducts.shipyard.path] + arguments)
    return (run.status, String(decoding: run.standardOutput, as: UTF8.self), run.standardError)
  }

  func identity(_ double: NotaryDouble, _ file: String = "identity-legacy.p12") -> [String] {
    ["--p12", double.folder.path(file), "--p12-password-env", "P12_PASSWORD"]
  }

  /// An image of Hello.app (signed by the double's identity) built and signed (without
  /// timestamp) in the double's folder.
  func signedImage(_ double: NotaryDouble) throws -> String {
    let image = double.folder.path("Hello.dmg")
    let built = try shipyard(double, ["dmg", "build", try double.signedHello(), "-o", image])
    #expect(built.status == 0, "\(built.errors)")
    let signed = try shipyard(double, ["dmg", "sign", image, "--no-timestamp"] + identity(double))
    #expect(signed.status == 0, "\(signed.errors)")
    return image
  }

  /// Runs `dmg ship` of Hello.app to `image` with the double's identity and key, and `options`;
  /// expects it to succeed and returns its JSON summary.
  func ship(_ double: NotaryDouble, to image: String, _ options: [String]) throws -> (
    run: (status: Int32, output: String, errors: String), summary: [String: Any]
  ) {
    let run = try shipyard(
      double,
      // Hello.app is signed already, by the double's identity.
      ["dmg", "ship", try double.signedHello(), "-o", image, "--json", "--skip-sign-app"]
        + options
        + identity(double)
        + double.keyArguments)
    #expect(run.status == 0, "\(run.errors)")
    let summary = try #require(
      try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    return (run, summary)
  }

  @Test func shipSignsNotarizesAndStaplesNatively() throws {
    #expect(!ProcessRunner.succeeds("env", [Self.path, "sh", "-c", "command -v rcodesign"]))
    #expect(!ProcessRunner.succeeds("env", [Self.path, "sh", "-c", "command -v xcrun"]))
    let double = try NotaryDouble()
    defer { double.stop() }
    let image = double.folder.path("out/Hello.dmg")
    try FileManager.default.createDirectory(
      atPath: double.folder.path("out"), withIntermediateDirectories: true)
    let (run, summary) = try ship(double, to: image, ["--ticket-timeout", "30s"])
    // The double publishes the ticket at the second look-up: the wait is said, not silent.
    #expect(
      run.errors.contains(
        "Apple has not published the ticket for \(image) yet: looking again in 10 s (attempt 1 of 4)"
      ), "\(run.errors)")
    #expect(
      summary["steps"] as? [String: String] == [
        "build": "done", "sign": "done", "notarize": "accepted", "staple": "done",
        "verify": "valid",
      ])
    // The final image's digest and size, after stapling.
    let bytes = try Data(contentsOf: URL(fileURLWithPath: image))
    let digest = try ProcessRunner.check("sha256sum", [image])
    #expect(summary["sha256"] as? String == String(decoding: digest.prefix(64), as: UTF8.self))
    #expect(summary["bytes"] as? Int == bytes.count)
    // dmg verify accepts it: signed, timestamped, stapled.
    let verify = try shipyard(double, ["dmg", "verify", image, "--json"])
    #expect(verify.status == 0, "\(verify.errors)")
    for field in [
      "\"isTimestamped\" : true", "\"hasStapledTicket\" : true", "TEAMID1234",
      "\"anchor\" : \"CN=Shipyard Test Root CA, O=Shipyard Test, C=US\"",
      "\"anchorIsApple\" : false",
    ] {
      #expect(verify.output.contains(field), "\(verify.output)")
    }
    #expect(try ProcessRunner.run("7zz", ["t", image]).status == 0)
    // What the doubles saw: valid JWTs, a SigV4 upload botocore agrees with, matching bytes, the
    // time-stamp authority and the ticket look-up by cdhash.
    let requests = double.requests()
    #expect(requests.filter { $0["jwt"] != nil }.allSatisfy { $0["jwt"] as? String == "ok" })
    #expect(requests.contains { $0["sigv4"] as? String == "ok" })
    #expect(requests.contains { $0["storedSHA256Matches"] as? Bool == true })
    #expect(requests.contains { $0["contentType"] as? String == "application/timestamp-query" })
    #expect(requests.contains { ($0["recordName"] as? String)?.hasPrefix("2/2/") == true })
    // No secret anywhere: the password, the key, a token, the S3 secret.
    let key = try String(
      contentsOfFile: double.folder.path("AuthKey_\(NotaryDouble.keyID).p8"), encoding: .utf8)
    let state = (try? String(contentsOfFile: image + ".notarization.json", encoding: .utf8)) ?? ""
    for text in [run.output, run.errors, state] {
      for secret in [NotaryDouble.password, "eyJ", "test-secret-access-key", "test-session-token"]
        + key.split(separator: "\n").dropFirst().prefix(2).map(String.init)
      {
        #expect(!text.contains(secret))
      }
    }
    #expect(run.errors.contains("stapled"))
  }

  /// Without stapling, the notarized bytes are the final ones: the summary gives their digest,
  /// the one the Notary API and S3 were given, with no second pass over the image.
  @Test func shipWithoutStaplingGivesTheNotarizedDigest() throws {
    let double = try NotaryDouble()
    defer { double.stop() }
    let image = double.folder.path("Hello.dmg")
    let summary = try ship(double, to: image, ["--skip-staple", "--no-timestamp"]).summary
    #expect(
      summary["steps"] as? [String: String] == [
        "build": "done", "sign": "done", "notarize": "accepted", "verify": "valid",
      ])
    let digest = String(
      decoding: try ProcessRunner.check("sha256sum", [image]).prefix(64), as: UTF8.self)
    #expect(summary["sha256"] as? String == digest)
    #expect(summary["bytes"] as? Int == (try Data(contentsOf: URL(fileURLWithPath: image))).count)
    let state = try String(contentsOfFile: image + ".notarization.json", encoding: .utf8)
    #expect(state.contains(digest))
    #expect(double.requests().contains { $0["storedSHA256Matches"] as? Bool == true })
  }

  @Test func aWrongPasswordLeavesTheImageUnsigned() throws {
    let double = try NotaryDouble()
    defer { double.stop() }
    let image = double.folder.path("Hello.dmg")
    #expect(try shipyard(double, ["dmg", "build", Self.helloApp, "-o", image]).status == 0)
    let before = try Data(contentsOf: URL(fileURLWithPath: image))
    for (file, password, message) in [
      ("identity.p12", "Wr0ng-Pa55", "wrong PKCS#12 password"),
      ("identity-legacy.p12", "Wr0ng-Pa55", "wrong PKCS#12 password"),
      (
        "certificate-only.p12", NotaryDouble.password, "holds a certificate but not its private key"
      ),
      ("expired.p12", NotaryDouble.password, "is valid from Jan  1 00:00:00 2015 GMT"),
    ] {
      let run = try shipyard(
        double, ["dmg", "sign", image] + identity(double, file), password: password)
      #expect(run.status == 1 && run.errors.contains(message), "\(file): \(run.errors)")
      #expect(!run.errors.contains(password) || password == NotaryDouble.password)
      #expect(try Data(contentsOf: URL(fileURLWithPath: image)) == before)
    }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: double.folder.url.path).filter {
        $0.hasPrefix(".")
      }.isEmpty)
  }

  @Test func aTimestampServerThatIsDownIsAnErrorUnlessNoTimestamp() throws {
    let double = try NotaryDouble(modes: ["tsa-down"])
    defer { double.stop() }
    let image = double.folder.path("Hello.dmg")
    #expect(try shipyard(double, ["dmg", "build", Self.helloApp, "-o", image]).status == 0)
    let before = try Data(contentsOf: URL(fileURLWithPath: image))
    let run = try shipyard(double, ["dmg", "sign", image] + identity(double))
    #expect(run.status == 1)
    #expect(run.errors.contains("timestamp failed") && run.errors.contains("--no-timestamp"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: image)) == before)
    let without = try shipyard(double, ["dmg", "sign", image, "--no-timestamp"] + identity(double))
    #expect(without.status == 0, "\(without.errors)")
  }

  @Test(arguments: [
    ("unauthorized", "401 Unauthorized"), ("unauthorized", "clock"),
    ("s3-refuses", "upload to S3 was refused with HTTP 403"),
    ("invalid", "The binary is not signed with a valid Developer ID certificate"),
  ])
  func notarizationFailuresAreNamed(mode: String, message: String) throws {
    let double = try NotaryDouble(modes: [mode])
    defer { double.stop() }
    let image = try signedImage(double)
    let run = try shipyard(double, ["dmg", "notarize", image] + double.keyArguments)
    #expect(run.status == 1, "\(run.errors)")
    #expect(run.errors.contains(message), "\(run.errors)")
    #expect(!run.errors.contains("eyJ") && !run.errors.contains("test-secret-access-key"))
  }

  @Test func aTicketThatNeverAppearsEndsTheWait() throws {
    let double = try NotaryDouble(modes: ["ticket-never"])
    defer { double.stop() }
    let image = try signedImage(double)
    let before = try Data(contentsOf: URL(fileURLWithPath: image))
    let run = try shipyard(double, ["dmg", "staple", image, "--ticket-timeout", "0"])
    #expect(run.status == 1)
    #expect(run.errors.contains("has not published a notarization ticket"), "\(run.errors)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: image)) == before)
  }

  @Test func anAppleIDIsAClearErrorWithTheNativeEngine() throws {
    let double = try NotaryDouble()
    defer { double.stop() }
    let run = try shipyard(
      double,
      [
        "dmg", "notarize", "x.dmg", "--engine", "native", "--apple-id", "a@b.c", "--team-id", "T",
        "--password-env", "P12_PASSWORD",
      ])
    #expect(run.status == 64)
    #expect(run.errors.contains("App Store Connect API key only"), "\(run.errors)")
  }
}
