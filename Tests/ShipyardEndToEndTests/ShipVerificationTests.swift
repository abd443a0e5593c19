import Foundation
import ShipyardTestSupport
import Testing

/// `dmg ship`'s last step is `dmg verify`'s verification: the final image's checksums, its
/// signature unless signing was skipped, and its ticket when one was stapled.
@Suite(.enabled(if: SampleApps.canMakeMachO, "needs apple-platform-py for a Mach-O Hello.app"))
struct ShipVerificationTests {
  /// Ships Hello.app (signed natively with the test PKI: the fake codesign signs nothing) with
  /// Apple's (fake) tools, the scenario files given set first; the test
  /// PKI's root, which the fake codesign's identity chains to, is trusted through
  /// `$SHIPYARD_TRUST_ROOTS` unless `trusting` says otherwise.
  private func ship(
    _ scenario: [String: String], extra: [String] = [], trusting: [String]? = nil
  ) async throws -> ProcessRunner.Output {
    let tools = try FakeToolbox()
    defer { tools.remove() }
    for (name, value) in scenario { try tools.set(name, value) }
    let app = try await SampleApps.signedHello(in: tools.folder.url)
    return try ProcessRunner.run(
      "env",
      [
        "PATH=\(tools.path)", "NOTARY_PASSWORD=secret",
        trusting.map { "SHIPYARD_TRUST_ROOTS=\($0.joined(separator: ":"))" }
          ?? (try TestPKI.trustRootsVariable()),
        BuiltProducts.shipyard.path, "dmg", "ship",
        app, "-o", tools.folder.path("Hello.dmg"), "--force", "--skip-sign-app", "--engine",
        "apple",
        "--identity",
        "Developer ID Application: Example (TEAMID1234)", "--apple-id", "dev@example.com",
        "--team-id", "TEAMID1234", "--password-env", "NOTARY_PASSWORD",
      ] + extra)
  }

  @Test func aSignedStapledImageShips() async throws {
    let run = try await ship([:])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(String(decoding: run.standardOutput, as: UTF8.self).contains("verify: valid"))
  }

  /// Without the test PKI's root, the last step refuses the image, naming the root its chain
  /// ends at; `--trust-root` adds it, as the variable does.
  @Test func theLastStepRefusesAChainThatEndsAtAnUntrustedRoot() async throws {
    // Past the preflight, which refuses the app inside for the same root before uploading.
    let run = try await ship([:], extra: ["--no-preflight"], trusting: [])
    #expect(run.status == 1)
    #expect(
      run.standardError.contains(
        "certificate chain (chain ends at CN=Shipyard Test Root CA, O=Shipyard Test, C=US, "
          + "not an Apple root"), "\(run.standardError)")
    let flag = try await ship(
      [:], extra: ["--trust-root", try TestPKI.path("root.pem")], trusting: [])
    #expect(flag.status == 0, "\(flag.standardError)")
    let missing = try await ship([:], trusting: ["/nonexistent/root.pem"])
    #expect(missing.status == 64)
    #expect(missing.standardError.contains("cannot read the trust root /nonexistent/root.pem"))
  }

  @Test func anEngineThatSignsNothingFailsTheShip() async throws {
    let run = try await ship(["sign-nothing": ""])
    #expect(run.status == 1)
    #expect(run.standardError.contains("Hello.dmg is not signed"), "\(run.standardError)")
  }

  /// A change made to the image after signing, by a Python statement over its bytes `d`.
  private static func changeAfterSigning(_ statement: String) -> String {
    """
    python3 -c 'import sys; p = sys.argv[1]; d = bytearray(open(p, "rb").read()); \(statement); open(p, "wb").write(d)' "$1"
    """
  }

  @Test(arguments: [
    // One byte of the first chunk: its partition no longer decodes.
    ("d[100] ^= 0xFF", "damaged partitions"),
    // The code directory's identifier: the checksums hold, the CMS signature does not.
    ("i = d.rindex(b\"Hello\\0\"); d[i] = ord(\"J\")", "the signature does not hold"),
  ])
  func aChangeAfterSigningFailsTheShip(statement: String, message: String) async throws {
    let run = try await ship(["after-sign": Self.changeAfterSigning(statement)])
    #expect(run.status == 1)
    #expect(run.standardError.contains(message), "\(run.standardError)")
  }

  @Test func aStapleThatLeavesNoTicketFailsTheShip() async throws {
    let run = try await ship(["staple-nothing": ""])
    #expect(run.status == 1)
    #expect(run.standardError.contains("no notarization ticket is stapled"), "\(run.standardError)")
  }

  @Test func withoutSigningAnUnsignedImageShipsOnItsChecksums() async throws {
    let run = try await ship([:], extra: ["--skip-sign"])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(String(decoding: run.standardOutput, as: UTF8.self).contains("verify: unsigned"))
  }
}
