import Foundation
import ShipyardTestSupport
import Testing

/// `dmg notarize` interrupted while it waits for Apple's verdict (issue #19, faults): the run
/// ends with 130 and leaves its state file (`<image>.notarization.json`), and the next run
/// resumes the recorded submission instead of uploading the image again.
@Suite(
  .enabled(
    if: PeerPolicy.shouldRun(whenAvailable: NotaryDouble.isAvailable),
    Comment(rawValue: NotaryDouble.requirement)))
struct NotarizeResumeTests {
  @Test func anInterruptedNotarizationResumesItsSubmission() throws {
    let double = try NotaryDouble()
    defer { double.stop() }
    let workspace = try FaultWorkspace.shipping(megabytes: 1, with: double)
    let image = workspace.image.path
    let identity = [
      "--p12", double.folder.path("identity-legacy.p12"), "--p12-password-env", "P12_PASSWORD",
    ]
    for step in [
      ["dmg", "build", workspace.source, "-o", image],
      ["dmg", "sign", image, "--no-timestamp"] + identity,
    ] {
      let run = try double.shipyard(step)
      try #require(run.status == 0, "\(run.standardError)")
    }
    let statePath = image + ".notarization.json"

    // The state file is written once the upload is done: the run then polls, waiting 10 s
    // between polls, and is interrupted there.
    let interrupted = try SignalledRun.run(
      ["dmg", "notarize", image] + double.keyArguments,
      environment: ["PATH=/usr/bin:/bin"] + double.environment, signal: SIGINT,
      in: workspace.folder
    ) { FileManager.default.fileExists(atPath: statePath) }
    #expect(interrupted.wasSignalled, "\(interrupted.errors)")
    #expect(interrupted.status == 130, "\(interrupted.errors)")
    #expect(interrupted.errors.contains("interrupted"))
    #expect(workspace.leftovers(of: "Big.dmg.notarization.json", in: workspace.output).isEmpty)

    let resumed = try double.shipyard(["dmg", "notarize", image] + double.keyArguments)
    #expect(resumed.status == 0, "\(resumed.standardError)")
    let requests = double.requests()
    #expect(requests.filter { $0["submission"] != nil }.count == 1, "\(requests)")
    #expect(requests.filter { $0["method"] as? String == "PUT" }.count == 1, "\(requests)")
    #expect(requests.contains { $0["verdict"] as? String == "Accepted" })
  }
}
