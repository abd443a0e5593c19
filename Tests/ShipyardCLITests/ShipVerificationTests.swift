import Foundation
import ShipyardTestSupport
import Testing

/// `dmg ship`'s last step is `dmg verify`'s verification: the final image's checksums, its
/// signature unless signing was skipped, and its ticket when one was stapled.
@Suite struct ShipVerificationTests {
  static let helloApp = PeerPolicy.packageRoot.appendingPathComponent("Examples/Hello.app").path

  /// Ships Hello.app with Apple's (fake) tools, the scenario files given set first.
  private func ship(_ scenario: [String: String], extra: [String] = []) throws
    -> ProcessRunner.Output
  {
    let tools = try FakeToolbox()
    defer { tools.remove() }
    for (name, value) in scenario { try tools.set(name, value) }
    return try ProcessRunner.run(
      "env",
      [
        "PATH=\(tools.path)", "NOTARY_PASSWORD=secret", BuiltProducts.shipyard.path, "dmg", "ship",
        Self.helloApp, "-o", tools.folder.path("Hello.dmg"), "--engine", "apple", "--identity",
        "Developer ID Application: Example (TEAMID1234)", "--apple-id", "dev@example.com",
        "--team-id", "TEAMID1234", "--password-env", "NOTARY_PASSWORD",
      ] + extra)
  }

  @Test func aSignedStapledImageShips() throws {
    let run = try ship([:])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(String(decoding: run.standardOutput, as: UTF8.self).contains("verify: valid"))
  }

  @Test func anEngineThatSignsNothingFailsTheShip() throws {
    let run = try ship(["sign-nothing": ""])
    #expect(run.status == 1)
    #expect(run.standardError.contains("Hello.dmg is not signed"), "\(run.standardError)")
  }

  @Test func aDamagedChunkFailsTheShip() throws {
    // One byte of the first chunk changed after signing: its partition no longer decodes.
    let damage = """
      python3 -c 'import sys; p = sys.argv[1]; d = bytearray(open(p, "rb").read()); d[100] ^= 0xFF; open(p, "wb").write(d)' "$1"
      """
    let run = try ship(["after-sign": damage])
    #expect(run.status == 1)
    #expect(run.standardError.contains("damaged partitions"), "\(run.standardError)")
  }

  @Test func aSignatureThatDoesNotHoldFailsTheShip() throws {
    // The code directory's identifier changed: the checksums hold, the CMS signature does not.
    let tamper = """
      python3 -c 'import sys; p = sys.argv[1]; d = bytearray(open(p, "rb").read()); i = d.rindex(b"Hello\\0"); d[i] = ord("J"); open(p, "wb").write(d)' "$1"
      """
    let run = try ship(["after-sign": tamper])
    #expect(run.status == 1)
    #expect(run.standardError.contains("the signature does not hold"), "\(run.standardError)")
  }

  @Test func aStapleThatLeavesNoTicketFailsTheShip() throws {
    let run = try ship(["staple-nothing": ""])
    #expect(run.status == 1)
    #expect(run.standardError.contains("no notarization ticket is stapled"), "\(run.standardError)")
  }

  @Test func withoutSigningAnUnsignedImageShipsOnItsChecksums() throws {
    let run = try ship([:], extra: ["--skip-sign"])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(String(decoding: run.standardOutput, as: UTF8.self).contains("verify: unsigned"))
  }
}
