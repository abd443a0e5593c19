import Digests
import Foundation
import ShipyardTestSupport
import Testing

/// Notary jobs split across CI steps (issue #20, Must show 2): one process submits with
/// `--no-wait`; a new process with a fresh home folder and a folder holding only the image
/// finds the submission, waits (a `--timeout` run out exits 75 and the rerun resumes), and
/// staples; `notary info`, `log` and `history` show the same submission.
@Suite(
  .enabled(
    if: PeerPolicy.shouldRun(whenAvailable: NotaryDouble.isAvailable),
    Comment(rawValue: NotaryDouble.requirement)))
struct SplitNotarizationTests {
  /// A built and signed `Big.dmg` of `megabytes` MiB of random bytes, in `double`'s folder.
  static func signedImage(megabytes: Int, with double: NotaryDouble) throws -> FaultWorkspace {
    let workspace = try FaultWorkspace.shipping(megabytes: megabytes, with: double)
    let image = workspace.image.path
    for step in [
      ["dmg", "build", workspace.source, "-o", image],
      [
        "dmg", "sign", image, "--no-timestamp", "--p12", double.folder.path("identity-legacy.p12"),
        "--p12-password-env", "P12_PASSWORD",
      ],
    ] {
      let run = try double.shipyard(step)
      try #require(run.status == 0, "\(run.standardError)")
    }
    return workspace
  }

  @Test func aNoWaitSubmissionIsResumedAndStapledByAFreshRunner() throws {
    let double = try NotaryDouble()
    defer { double.stop() }
    let workspace = try Self.signedImage(megabytes: 1, with: double)
    let image = workspace.image.path

    // Job 1: submit, record, print the ID, exit 0.
    let submitted = try double.shipyard(
      ["dmg", "notarize", image, "--no-wait", "--json"] + double.keyArguments)
    try #require(submitted.status == 0, "\(submitted.standardError)")
    let report = try JSONSerialization.jsonObject(with: submitted.standardOutput) as? [String: Any]
    let id = try #require(report?["submissionID"] as? String)
    #expect(report?["status"] as? String == "In Progress")
    #expect(
      submitted.standardError.contains("submitted \(image) for notarization: submission \(id)"))
    #expect(FileManager.default.fileExists(atPath: image + ".notarization.json"))
    #expect(!FileManager.default.fileExists(atPath: image + ".notarization.upload.json"))
    // Stapling before Apple's verdict says what to run.
    let early = try double.shipyard(["dmg", "staple", image])
    #expect(early.status == 1)
    #expect(
      early.standardError.contains("run `shipyard dmg notarize \(image)`"), "\(early.standardError)"
    )

    // Job 2: a new process, a fresh HOME, a folder holding only the image.
    let runner = try ScratchFolder()
    defer { runner.remove() }
    let home = runner.path("home")
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      atPath: runner.path("job"), withIntermediateDirectories: true)
    let copy = runner.path("job/Big.dmg")
    try FileManager.default.copyItem(atPath: image, toPath: copy)
    #expect(try FileManager.default.contentsOfDirectory(atPath: runner.path("job")) == ["Big.dmg"])
    let fresh = ["HOME=\(home)"]

    // The wait runs out (the double answers In Progress to the first poll): 75, and the state
    // file is written beside the copy.
    let timedOut = try double.shipyard(
      ["dmg", "notarize", copy, "--timeout", "1s"] + double.keyArguments, environment: fresh)
    #expect(timedOut.status == 75, "\(timedOut.standardError)")
    #expect(timedOut.standardError.contains("resuming notarization submission \(id)"))
    #expect(timedOut.standardError.contains("history"), "\(timedOut.standardError)")
    #expect(FileManager.default.fileExists(atPath: copy + ".notarization.json"))

    let resumed = try double.shipyard(
      ["dmg", "notarize", copy] + double.keyArguments, environment: fresh)
    #expect(resumed.status == 0, "\(resumed.standardError)")
    #expect(String(decoding: resumed.standardOutput, as: UTF8.self) == id + "\n")
    #expect(resumed.standardError.contains("notarized: submission \(id) accepted"))

    let stapled = try double.shipyard(["dmg", "staple", copy], environment: fresh)
    #expect(stapled.status == 0, "\(stapled.standardError)")
    let verified = try double.shipyard(["dmg", "verify", copy], environment: fresh)
    #expect(verified.status == 0, "\(verified.standardError)")
    #expect(
      String(decoding: verified.standardOutput, as: UTF8.self).contains(
        "notarization ticket stapled: yes"))

    let requests = double.requests()
    #expect(requests.filter { $0["submission"] != nil }.count == 1, "\(requests)")
    #expect(requests.filter { $0["method"] as? String == "PUT" }.count == 1)

    // The look-ups show the same submission, from the fresh runner.
    let sha256 = try FileDigest(ofFileAt: image).hex
    let info = try #require(
      try Self.json(double, ["notary", "info", id, "--json"], environment: fresh)
        as? [String: String])
    #expect(info["id"] == id && info["name"] == "Big.dmg" && info["status"] == "Accepted")
    #expect(info["createdDate"]?.hasSuffix("Z") == true, "\(info)")
    let infoText = try Self.text(double, ["notary", "info", id], environment: fresh)
    #expect(
      infoText.contains("id: \(id)\nname: Big.dmg\n") && infoText.contains("status: Accepted"))

    let log = try Self.json(double, ["notary", "log", id, "--json"], environment: fresh)
    let logObject = try #require(log as? [String: Any])
    #expect(logObject["jobId"] as? String == id)
    #expect(logObject["sha256"] as? String == sha256)
    #expect(logObject["status"] as? String == "Accepted")
    let logText = try Self.text(double, ["notary", "log", id], environment: fresh)
    #expect(logText.contains("status: Accepted") && logText.contains("sha256: \(sha256)"))
    #expect(logText.contains("issues: none"), "\(logText)")

    let history = try Self.json(double, ["notary", "history", "--json"], environment: fresh)
    let entries = try #require(history as? [[String: String]])
    #expect(entries.map { $0["id"] } == [id] && entries.first?["status"] == "Accepted")
    let historyText = try Self.text(double, ["notary", "history"], environment: fresh)
    #expect(historyText.contains("Accepted  \(id)  Big.dmg"), "\(historyText)")
  }

  @Test func theLookUpsShowAnInvalidSubmissionsIssues() throws {
    let double = try NotaryDouble(modes: ["invalid"])
    defer { double.stop() }
    let workspace = try Self.signedImage(megabytes: 1, with: double)
    let run = try double.shipyard(["dmg", "notarize", workspace.image.path] + double.keyArguments)
    #expect(run.status == 1)
    let state = try JSONSerialization.jsonObject(
      with: Data(contentsOf: URL(fileURLWithPath: workspace.image.path + ".notarization.json")))
    let id = try #require((state as? [String: Any])?["submissionID"] as? String)
    let text = try Self.text(double, ["notary", "log", id])
    #expect(text.contains("status: Invalid") && text.contains("issues: 1"), "\(text)")
    #expect(text.contains("error: Hello.dmg/Hello.app/Contents/MacOS/Hello, x86_64: "), "\(text)")
    let history = try Self.text(double, ["notary", "history"])
    #expect(history.contains("Invalid  \(id)  Big.dmg"), "\(history)")
    // An unknown submission is an error naming the status.
    let unknown = try double.shipyard(["notary", "info", "no-such-id"] + double.keyArguments)
    #expect(
      unknown.status == 1 && unknown.standardError.contains("404"), "\(unknown.standardError)")
  }

  /// What a look-up printed on standard output, as text; it must succeed.
  static func text(_ double: NotaryDouble, _ arguments: [String], environment: [String] = [])
    throws -> String
  {
    let run = try double.shipyard(arguments + double.keyArguments, environment: environment)
    try #require(run.status == 0, "\(arguments): \(run.standardError)")
    return String(decoding: run.standardOutput, as: UTF8.self)
  }

  /// What a look-up printed on standard output, as JSON; it must succeed.
  static func json(_ double: NotaryDouble, _ arguments: [String], environment: [String] = [])
    throws -> Any
  {
    try JSONSerialization.jsonObject(
      with: Data(try text(double, arguments, environment: environment).utf8))
  }

  @Test func aShipThatDoesNotWaitIsResumedThenStapled() throws {
    let double = try NotaryDouble()
    defer { double.stop() }
    let workspace = try FaultWorkspace.shipping(megabytes: 1, with: double)
    let image = workspace.image.path
    let ship = try double.shipyard(workspace.shipArguments(double) + ["--no-wait", "--json"])
    try #require(ship.status == 0, "\(ship.standardError)")
    let summary = try JSONSerialization.jsonObject(with: ship.standardOutput) as? [String: Any]
    let steps = summary?["steps"] as? [String: String]
    #expect(steps?["notarize"] == "submitted" && steps?["staple"] == nil, "\(steps ?? [:])")
    #expect(steps?["verify"] == "valid")
    let id = try #require(summary?["submissionID"] as? String)

    let resumed = try double.shipyard(["dmg", "notarize", image] + double.keyArguments)
    #expect(resumed.status == 0, "\(resumed.standardError)")
    #expect(resumed.standardError.contains("resuming notarization submission \(id)"))
    let stapled = try double.shipyard(["dmg", "staple", image])
    #expect(stapled.status == 0, "\(stapled.standardError)")
    #expect(double.requests().filter { $0["submission"] != nil }.count == 1)
  }
}
