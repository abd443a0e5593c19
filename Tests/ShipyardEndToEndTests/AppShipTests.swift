import Foundation
import ShipyardTestSupport
import Testing

/// Must-show 1 of issue #18: on Linux, with no Apple tool or rcodesign on PATH, `dmg ship` of an
/// unsigned Electron-shaped app (Go and clang fixtures) ends accepted by the judging Notary
/// double and stapled, and `dmg verify` (the app included) passes; with `--skip-sign-app` the
/// preflight stops it before the upload, in Apple's words per binary; with `--no-preflight` as
/// well, the double refuses it with the same words.
@Suite(
  .serialized,
  .enabled(
    if: PeerPolicy.shouldRun(whenAvailable: NotaryDouble.isAvailable)
      && ElectronAppFixture.shouldRun,
    "needs the Notary double's peers and the Mach-O fixtures' tools"))
struct AppShipTests {
  /// `dmg ship` of a fresh unsigned app to `Demo.dmg` with `options`.
  func ship(_ double: NotaryDouble, _ options: [String]) throws -> (ProcessRunner.Output, String) {
    let fixture = try ElectronAppFixture.write(
      in: double.folder.url.appendingPathComponent("source-\(UUID().uuidString)"))
    let image = double.folder.path("Demo-\(UUID().uuidString).dmg")
    let run = try double.shipyard(
      [
        "dmg", "ship", fixture.url.path, "-o", image, "--p12", double.folder.path("identity.p12"),
        "--p12-password-env", "P12_PASSWORD",
      ] + double.keyArguments + options)
    return (run, image)
  }

  /// The Mach-O paths of the fixture that Apple's notary must name, as `Demo.app/…`.
  static func binaries() throws -> [String] {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    return try ElectronAppFixture.write(in: folder.url).machOFiles.keys.map { "Demo.app/\($0)" }
  }

  @Test func anUnsignedAppShipsAcceptedStapledAndVerified() throws {
    let double = try NotaryDouble()
    defer { double.stop() }
    let (run, image) = try ship(double, ["--json"])
    #expect(run.status == 0, "\(run.standardError)")
    let summary =
      try JSONSerialization.jsonObject(with: run.standardOutput) as? [String: Any] ?? [:]
    let steps = summary["steps"] as? [String: String] ?? [:]
    #expect(steps["sign-app"] == "done" && steps["notarize"] == "accepted", "\(steps)")
    #expect(steps["staple"] == "done" && steps["verify"] == "valid", "\(steps)")
    let verify = try double.shipyard(["dmg", "verify", image, "--json"])
    #expect(verify.status == 0, "\(verify.standardError)")
    let report =
      try JSONSerialization.jsonObject(with: verify.standardOutput) as? [String: Any] ?? [:]
    let apps = report["apps"] as? [[String: Any]] ?? []
    #expect(apps.count == 1 && apps.first?["valid"] as? Bool == true, "\(apps)")
    #expect((apps.first?["notaryIssues"] as? [String])?.isEmpty == true)
  }

  @Test func anAppSignedElsewhereIsStoppedByThePreflightThenRefusedByTheNotary() throws {
    let double = try NotaryDouble()
    defer { double.stop() }
    let binaries = try Self.binaries()
    let (stopped, image) = try ship(double, ["--skip-sign-app"])
    #expect(stopped.status == 1)
    #expect(stopped.standardError.contains("the notary would refuse"), "\(stopped.standardError)")
    let name = URL(fileURLWithPath: image).lastPathComponent
    for binary in binaries {
      #expect(
        stopped.standardError.contains("\(name)/\(binary) ("), "\(binary): \(stopped.standardError)"
      )
    }
    #expect(
      stopped.standardError.contains("The executable does not have the hardened runtime enabled."))
    #expect(!FileManager.default.fileExists(atPath: image), "a failed ship leaves no image")
    #expect(
      !double.requests().contains { ($0["path"] as? String)?.contains("submissions") == true },
      "nothing was uploaded")

    let (refused, _) = try ship(double, ["--skip-sign-app", "--no-preflight"])
    #expect(refused.status == 1)
    for binary in binaries {
      #expect(refused.standardError.contains(binary), "\(binary): \(refused.standardError)")
    }
    // The same words from the double's log as from the preflight, line by line.
    let preflight = Set(Self.messages(in: stopped.standardError))
    let notary = Set(Self.messages(in: refused.standardError))
    #expect(!preflight.isEmpty && preflight == notary, "\(preflight) vs \(notary)")
  }

  /// Apple's messages named in `text`.
  static func messages(in text: String) -> [String] {
    let known = [
      "The binary is not signed.",
      "The binary is not signed with a valid Developer ID certificate.",
      "The signature does not include a secure timestamp.",
      "The executable does not have the hardened runtime enabled.",
    ]
    return known.filter { text.contains($0) }
  }
}
