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

  /// Interrupted during the S3 upload, between parts (#19's point left over): the rerun finishes
  /// the same submission's multipart upload, sending only the parts S3 lacks; the upload's
  /// record (with its temporary credentials) was mode 0600, never printed, and is gone after.
  @Test func aNotarizationInterruptedMidUploadResumesTheSameSubmission() throws {
    let double = try NotaryDouble(modes: ["s3-slow-parts"])
    defer { double.stop() }
    // 16 MiB of random bytes in 5 MiB parts: four parts, each after the first held 2 s.
    let workspace = try SplitNotarizationTests.signedImage(megabytes: 16, with: double)
    let image = workspace.image.path
    let partSize = "SHIPYARD_S3_PART_SIZE=5242880"
    let uploadPath = image + ".notarization.upload.json"
    let interrupted = try SignalledRun.run(
      ["dmg", "notarize", image] + double.keyArguments,
      environment: ["PATH=/usr/bin:/bin", partSize] + double.environment, signal: SIGINT,
      in: workspace.folder
    ) {
      // Part 2 has arrived (and waits): part 1 is stored.
      double.requests().contains { $0["part"] as? String == "2" }
    }
    #expect(interrupted.wasSignalled && interrupted.status == 130, "\(interrupted.errors)")
    let state = try String(contentsOfFile: image + ".notarization.json", encoding: .utf8)
    #expect(state.contains("\"status\" : \"Uploading\""), "\(state)")
    let mode = try FileManager.default.attributesOfItem(atPath: uploadPath)[.posixPermissions]
    #expect((mode as? NSNumber)?.intValue == 0o600)
    let record = try String(contentsOfFile: uploadPath, encoding: .utf8)
    #expect(record.contains("multipartUploadID"), "\(record)")

    let resumed = try double.shipyard(
      ["dmg", "notarize", image] + double.keyArguments, environment: [partSize])
    #expect(resumed.status == 0, "\(resumed.standardError)")
    #expect(resumed.standardError.contains("its upload, interrupted, is finished"))
    for output in [resumed.standardError, interrupted.errors] {
      #expect(!output.contains("test-secret-access-key") && !output.contains("test-session-token"))
    }
    #expect(!FileManager.default.fileExists(atPath: uploadPath))
    let requests = double.requests()
    #expect(requests.filter { $0["submission"] != nil }.count == 1, "\(requests)")
    let parts = requests.filter { $0["method"] as? String == "PUT" }.compactMap {
      $0["part"] as? String
    }
    #expect(parts.filter { $0 == "1" }.count == 1, "\(parts)")
    #expect(Set(parts) == ["1", "2", "3", "4"], "\(parts)")
    // The rerun asked S3 which parts it holds, and no upload was aborted.
    #expect(
      requests.contains {
        $0["method"] as? String == "GET" && ($0["path"] as? String)?.contains("uploadId=") == true
      })
    #expect(!requests.contains { $0["method"] as? String == "DELETE" })
    #expect(requests.contains { $0["storedSHA256Matches"] as? Bool == true })
    #expect(requests.contains { $0["verdict"] as? String == "Accepted" })
  }
}
