import Foundation
import ShipyardTestSupport
import Testing

/// The secret variables with the engines that run other programs, which never see them.
///
/// Apple's `codesign` and `notarytool` (fakes here, which record their arguments) and rcodesign
/// read credentials from files only, so `shipyard` refuses the secrets before running any of them,
/// rather than write them to disk. No tool runs, so none sees a secret in its arguments.
@Suite(.enabled(if: SigningPeers.shouldRun, "needs python3 with apple-platform-py, and openssl"))
struct SecretEnvironmentToolTests {
  @Test func appleToolsAndRcodesignAreNeverGivenTheSecrets() throws {
    let tools = try FakeToolbox()
    defer { tools.remove() }
    let pki = try ScratchFolder()
    defer { pki.remove() }
    try TestAPIKey.write(to: pki.path("AuthKey.p8"))
    let secrets = try CISecrets(p12: try TestPKI.path("identity.p12"), p8: pki.path("AuthKey.p8"))
    defer { secrets.remove() }
    let key = ["--key-base64-env", "ASC_KEY", "--key-id", "K", "--issuer", "I"]
    let keychain = ["--identity", "Developer ID Application: Example (TEAMID1234)"]
    let notarytool = "notarytool reads the API key from a file (--key)"
    let app = SampleApps.scriptHello
    for (arguments, message) in [
      (["dmg", "notarize", tools.image, "--engine", "apple"] + key, notarytool),
      (["app", "notarize", app, "--engine", "apple"] + key, notarytool),
      (["notary", "history", "--engine", "apple"] + key, notarytool),
      (
        ["dmg", "ship", app, "-o", "Hello.dmg", "--engine", "apple"] + keychain + key,
        notarytool
      ),
      (
        ["app", "sign", app, "--engine", "apple", "--p12-base64-env", "P12_BASE64"],
        "codesign signs with a keychain identity (--identity)"
      ),
      (
        ["dmg", "sign", tools.image, "--engine", "rcodesign", "--p12-base64-env", "P12_BASE64"],
        "rcodesign reads the identity from a file (--p12 or --pem)"
      ),
      (
        ["dmg", "notarize", tools.image, "--engine", "rcodesign"] + key,
        "rcodesign reads the API key from a file (--key)"
      ),
    ] {
      secrets.expectAbsent(from: arguments.map { Data($0.utf8) }, "the arguments")
      let run = try ProcessRunner.run(
        "env",
        secrets.wrapper.dropFirst() + ["env", "PATH=\(tools.path)"] + secrets.runEnvironment
          + [BuiltProducts.shipyard.path] + arguments)
      #expect(run.status == 64, "\(arguments): \(run.standardError)")
      #expect(run.standardError.contains(message), "\(arguments): \(run.standardError)")
      #expect(run.standardError.contains("--engine native"), "\(run.standardError)")
      secrets.expectAbsent(from: run)
    }
    #expect(tools.calls.isEmpty, "\(tools.calls)")
    try secrets.expectAbsent(fromFilesUnder: tools.folder.url)
    secrets.expectNothingLeftInTheTemporaryFolder()
    #expect(secrets.work.contents.isEmpty)
  }
}
