import Foundation
import ShipyardTestSupport
import Testing

/// A connection dropped half-way through the Notary upload's S3 PUT (issue #19, faults): the
/// PUT is sent again and the one submission is accepted; no second submission is made.
@Suite(
  .enabled(
    if: PeerPolicy.shouldRun(whenAvailable: NotaryDouble.isAvailable),
    Comment(rawValue: NotaryDouble.requirement)))
struct DroppedUploadTests {
  @Test func aDroppedUploadIsSentAgainAndTheSubmissionAccepted() throws {
    let double = try NotaryDouble(modes: ["s3-drops-once"])
    defer { double.stop() }
    // 8 MiB of random bytes, so that the connection drops while the body is still being sent.
    let workspace = try FaultWorkspace.shipping(megabytes: 8, with: double)
    let run = try double.shipyard(workspace.shipArguments(double) + ["--json"])
    #expect(run.status == 0, "\(run.standardError)")
    let summary = try JSONSerialization.jsonObject(with: run.standardOutput) as? [String: Any]
    #expect((summary?["steps"] as? [String: String])?["notarize"] == "accepted")

    let requests = double.requests()
    // The double logs each submission it creates with its `submission` body.
    #expect(requests.filter { $0["submission"] != nil }.count == 1, "\(requests)")
    let puts = requests.filter { $0["method"] as? String == "PUT" }
    try #require(puts.count == 2, "\(puts)")
    #expect(puts[0]["dropped"] as? Bool == true)
    #expect(puts[1]["sigv4"] as? String == "ok")
    #expect((puts[1]["bytes"] as? Int ?? 0) > 8 << 20)
    #expect(requests.contains { $0["storedSHA256Matches"] as? Bool == true })
  }
}
