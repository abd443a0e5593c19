import Distribution
import Foundation
import ShipyardTestSupport
import Testing

/// Must-show 1 of issue #20: `dmg ship --staple-app` of an unsigned app against the doubles gives
/// two Accepted submissions (the app's zip, then the image), the app inside the image stapled
/// with the served ticket, the image stapled, and `app verify` and `dmg verify` passing; and
/// `app notarize` / `app staple` on their own.
@Suite(
  .serialized,
  .enabled(
    if: PeerPolicy.shouldRun(whenAvailable: NotaryDouble.isAvailable)
      && ElectronAppFixture.shouldRun,
    "needs the Notary double's peers and the Mach-O fixtures' tools"))
struct AppStapleShipTests {
  /// The double's judged submissions: each submission's name and verdict, in order.
  static func verdicts(_ double: NotaryDouble) -> [(name: String, verdict: String)] {
    let requests = double.requests()
    let names = requests.compactMap { ($0["submission"] as? [String: Any])?["submissionName"] }
    let verdicts = requests.compactMap { $0["verdict"] as? String }
    return zip(names, verdicts).map { ("\($0)", $1) }
  }

  /// The ticket the double served for `cdhash`.
  static func servedTicket(_ double: NotaryDouble, cdhash: String) throws -> Data {
    try Data(contentsOf: double.folder.file("tickets/\(cdhash).ticket"))
  }

  static func json(_ data: Data) throws -> [String: Any] {
    try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
  }

  @Test func shipWithStapleAppNotarizesTwiceAndStaplesTheAppInsideTheImage() throws {
    let double = try NotaryDouble()
    defer { double.stop() }
    let fixture = try ElectronAppFixture.write(in: double.folder.url.appendingPathComponent("src"))
    let image = double.folder.path("Demo.dmg")
    let run = try double.shipyard(
      [
        "dmg", "ship", fixture.url.path, "-o", image, "--p12", double.folder.path("identity.p12"),
        "--p12-password-env", "P12_PASSWORD", "--staple-app", "--json",
      ] + double.keyArguments)
    #expect(run.status == 0, "\(run.standardError)")
    let summary = try Self.json(run.standardOutput)
    let steps = summary["steps"] as? [String: String] ?? [:]
    #expect(steps["sign-app"] == "done" && steps["notarize-app"] == "accepted", "\(steps)")
    #expect(steps["staple-app"] == "done" && steps["notarize"] == "accepted", "\(steps)")
    #expect(steps["staple"] == "done" && steps["verify"] == "valid", "\(steps)")
    let appIDs = summary["appSubmissionIDs"] as? [String] ?? []
    #expect(appIDs.count == 1 && appIDs.first != summary["submissionID"] as? String)

    // Two submissions, the app's zip first, both judged Accepted.
    let verdicts = Self.verdicts(double)
    #expect(verdicts.map(\.name) == ["Demo.zip", "Demo.dmg"], "\(verdicts)")
    #expect(verdicts.allSatisfy { $0.verdict == "Accepted" }, "\(verdicts)")

    // The app inside the image, read back with our DMG reader, holds the served ticket.
    let out = try ScratchFolder()
    defer { out.remove() }
    let extraction = try DMGAppExtraction(path: image, extractingInto: out.url.path)
    let app = try #require(extraction.apps.first)
    let verify = try double.shipyard(["app", "verify", app.extractedPath, "--json"])
    #expect(verify.status == 0, "\(verify.standardError)")
    let report = try Self.json(verify.standardOutput)
    let ticket = report["ticket"] as? [String: Any] ?? [:]
    #expect(ticket["stapled"] as? Bool == true && ticket["listsCDHash"] as? Bool == true)
    let cdhash = try #require(ticket["cdhash"] as? String)
    let stapled = try Data(
      contentsOf: URL(fileURLWithPath: app.extractedPath + "/Contents/CodeResources"))
    #expect(stapled == (try Self.servedTicket(double, cdhash: cdhash)))

    // The image is stapled and verifies, its app included.
    let dmgVerify = try double.shipyard(["dmg", "verify", image, "--json"])
    #expect(dmgVerify.status == 0, "\(dmgVerify.standardError)")
    let dmgReport = try Self.json(dmgVerify.standardOutput)
    let signature = dmgReport["signature"] as? [String: Any] ?? [:]
    #expect(signature["hasStapledTicket"] as? Bool == true, "\(signature)")
    let apps = dmgReport["apps"] as? [[String: Any]] ?? []
    #expect(apps.count == 1 && apps.first?["valid"] as? Bool == true, "\(apps)")
    // Nothing but the app went into the image's source folder.
    #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.url.path) == ["Contents"])
  }

  @Test func appNotarizeThenStapleAtTheCommandLineAndARerunResumes() throws {
    let double = try NotaryDouble()
    defer { double.stop() }
    let fixture = try ElectronAppFixture.write(in: double.folder.url.appendingPathComponent("src"))
    let app = fixture.url.path
    let signed = try double.shipyard(
      [
        "app", "sign", app, "--p12", double.folder.path("identity.p12"), "--p12-password-env",
        "P12_PASSWORD",
      ])
    #expect(signed.status == 0, "\(signed.standardError)")
    let before = try double.shipyard(["app", "verify", app])
    #expect(String(decoding: before.standardOutput, as: UTF8.self).contains("ticket: none stapled"))

    let notarized = try double.shipyard(["app", "notarize", app] + double.keyArguments)
    #expect(notarized.status == 0, "\(notarized.standardError)")
    #expect(notarized.standardError.contains("notarized \(app): submission"))
    let state = try Self.json(Data(contentsOf: URL(fileURLWithPath: app + ".notarization.json")))
    #expect(state["status"] as? String == "Accepted")
    // A rerun finds the accepted submission: no second upload.
    let again = try double.shipyard(["app", "notarize", app] + double.keyArguments)
    #expect(again.status == 0, "\(again.standardError)")
    #expect(Self.verdicts(double).map(\.name) == ["Demo.zip"])
    let submissions = double.requests().filter { $0["submission"] != nil }
    #expect(submissions.count == 1)

    let stapled = try double.shipyard(["app", "staple", app])
    #expect(stapled.status == 0, "\(stapled.standardError)")
    let after = try double.shipyard(["app", "verify", app])
    #expect(after.status == 0, "\(after.standardError)")
    let text = String(decoding: after.standardOutput, as: UTF8.self)
    #expect(
      text.contains("ticket: stapled (") && text.contains("lists the main executable's cdhash"))
  }

  @Test func anUnsignedAppIsRefusedBeforeAnyUpload() throws {
    let double = try NotaryDouble()
    defer { double.stop() }
    let fixture = try ElectronAppFixture.write(in: double.folder.url.appendingPathComponent("src"))
    let run = try double.shipyard(["app", "notarize", fixture.url.path] + double.keyArguments)
    #expect(run.status == 1)
    #expect(run.standardError.contains("the notary would refuse \(fixture.url.path)"))
    #expect(run.standardError.contains("The binary is not signed."), "\(run.standardError)")
    #expect(!double.requests().contains { $0["submission"] != nil }, "nothing was uploaded")
  }
}
