import Foundation
import ShipyardTestSupport
import Testing

/// The action's `run.sh` running the built `shipyard dmg ship` against the loopback doubles, with
/// every secret input set as a workflow would set it: the image is signed, notarized and stapled,
/// and no secret is in the output, the trace (`bash -x`), the arguments or a file left behind.
@Suite(
  .enabled(
    if: PeerPolicy.shouldRun(whenAvailable: NotaryDouble.isAvailable) && SampleApps.canMakeMachO,
    Comment(rawValue: NotaryDouble.requirement)))
struct GitHubActionShipTests {
  @Test func dmgShipTakesEverySecretFromTheInputs() throws {
    let double = try NotaryDouble()
    defer { double.stop() }
    let secrets = try CISecrets(double)
    defer { secrets.remove() }
    let app = try SampleApps.machOHello(in: double.folder.file("src"))
    let harness = try ActionHarness()
    defer { harness.remove() }
    try harness.fake("shipyard", "exec '\(BuiltProducts.shipyard.path)' \"$@\"")
    func value(_ name: String) throws -> String {
      String(
        try #require(secrets.environment.first { $0.hasPrefix(name + "=") }).dropFirst(
          name.count + 1))
    }
    let inputs = [
      "SHIPYARD_P12_BASE64=\(try value("P12_BASE64"))",
      "SHIPYARD_P12_PASSWORD=\(NotaryDouble.password)",
      "SHIPYARD_API_KEY_BASE64=\(try value("ASC_KEY_BASE64"))",
      "SHIPYARD_API_KEY_ID=\(NotaryDouble.keyID)", "SHIPYARD_API_ISSUER=\(NotaryDouble.issuer)",
    ]
    let run = try harness.run(
      "run.sh",
      ["SHIPYARD_ACTION_ARGS=dmg ship '\(app)' -o Hello.dmg --json"] + inputs
        + ["TMPDIR=\(secrets.temporary.url.path)", double.trustVariable] + double.environment,
      in: secrets.work.url.path, traced: true)
    try SecretEnvironmentShipTests.expectShipped(run)
    #expect(
      harness.calls.last == [
        "shipyard", "dmg", "ship", app, "-o", "Hello.dmg", "--json",
        "--p12-base64-env", "SHIPYARD_P12_BASE64", "--p12-password-env", "SHIPYARD_P12_PASSWORD",
        "--key-base64-env", "SHIPYARD_API_KEY_BASE64", "--key-id", NotaryDouble.keyID,
        "--issuer", NotaryDouble.issuer,
      ])
    #expect(secrets.needlesAreInTheSecrets)
    secrets.expectAbsent(from: run)
    secrets.expectAbsent(from: [Data(harness.text("calls.log").utf8)], "the arguments")
    for text in [run.standardError, harness.text("calls.log")] {
      #expect(!text.contains(NotaryDouble.password))
    }
    try secrets.expectAbsent(fromFilesUnder: secrets.work.url)
    try secrets.expectAbsent(fromFilesUnder: URL(fileURLWithPath: app))
    secrets.expectNothingLeftInTheTemporaryFolder()
    #expect(secrets.work.contents == ["Hello.dmg", "Hello.dmg.notarization.json"])
  }
}
