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
    let workspace = try SplitNotarizationTests.signedImage(megabytes: 1, with: double)
    let image = workspace.image.path
    let statePath = image + ".notarization.json"

    // The state file names the submission `Uploading` before the first byte is sent, and
    // `In Progress` once the upload is done: the run then polls, waiting 10 s between polls, and
    // is interrupted there. (Signalled as soon as the file appeared, the run was at times still
    // uploading, and the rerun rightly sent the image again: the next test's case.)
    let interrupted = try SignalledRun.run(
      ["dmg", "notarize", image] + double.keyArguments,
      environment: ["PATH=/usr/bin:/bin", double.trustVariable] + double.environment,
      signal: SIGINT,
      in: workspace.folder
    ) { Self.status(in: statePath) == "In Progress" }
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

  /// Interrupted during its one PUT to S3: the state file says `Uploading`, and the rerun sends
  /// the image again, to the same submission, and waits for its verdict.
  @Test func aNotarizationInterruptedDuringItsOnePutSendsItAgain() throws {
    let double = try NotaryDouble(modes: ["s3-slow-put"])
    defer { double.stop() }
    let workspace = try SplitNotarizationTests.signedImage(megabytes: 1, with: double)
    let image = workspace.image.path
    let interrupted = try SignalledRun.run(
      ["dmg", "notarize", image] + double.keyArguments,
      environment: ["PATH=/usr/bin:/bin", double.trustVariable] + double.environment,
      signal: SIGINT,
      in: workspace.folder
    ) {
      // The PUT has been read, and is held before it is stored.
      double.requests().contains { $0["method"] as? String == "PUT" }
    }
    #expect(interrupted.wasSignalled && interrupted.status == 130, "\(interrupted.errors)")
    #expect(Self.status(in: image + ".notarization.json") == "Uploading")

    let resumed = try double.shipyard(["dmg", "notarize", image] + double.keyArguments)
    #expect(resumed.status == 0, "\(resumed.standardError)")
    #expect(resumed.standardError.contains("its upload, interrupted, is finished"))
    #expect(!FileManager.default.fileExists(atPath: image + ".notarization.upload.json"))
    let requests = double.requests()
    #expect(requests.filter { $0["submission"] != nil }.count == 1, "\(requests)")
    let puts = requests.filter { $0["method"] as? String == "PUT" }
    #expect(puts.count == 2 && puts.allSatisfy { $0["sigv4"] as? String == "ok" }, "\(puts)")
    #expect(requests.contains { $0["storedSHA256Matches"] as? Bool == true }, "\(requests)")
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
      environment: ["PATH=/usr/bin:/bin", partSize, double.trustVariable] + double.environment,
      signal: SIGINT,
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

  /// The status a notarization state file records, or `nil` while it is missing or unreadable.
  static func status(in statePath: String) -> String? {
    guard let data = FileManager.default.contents(atPath: statePath) else { return nil }
    return (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["status"] as? String
  }
}
