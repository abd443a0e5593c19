import Foundation
import ShipyardTestSupport
import Testing

/// An image past 5 GiB end to end: built (UDRO of a 5.1 GiB payload), signed with a 64-bit code
/// limit (CodeDirectory 0x20300), read back by apple-platform-py and `dmg verify`, and notarized
/// through the double, whose S3 is moto, as a multipart upload with one dropped part resent:
/// moto checks every part's MD5, and the double joins the parts on disk (moto's own join holds
/// 5 GiB four times in memory: Doubles/s3_disk_join.py).
///
/// It writes and uploads over 5 GiB, so it runs only when `SHIPYARD_LARGE_TESTS=1` (as
/// `Benchmarks/large-image/run.sh` sets it); CI runs the same path small
/// (S3PartedUploadTests, the DMG signature tests).
@Suite(
  .enabled(
    if: ProcessInfo.processInfo.environment["SHIPYARD_LARGE_TESTS"] == "1"
      && NotaryDouble.isAvailable,
    "set SHIPYARD_LARGE_TESTS=1 to write and upload a 5 GiB image"))
struct LargeImageTests {
  @Test func aFiveGiBImageIsSignedWithA64BitCodeLimitVerifiedAndUploadedInParts() throws {
    let double = try NotaryDouble(modes: ["s3-drops-part-2"])
    defer { double.stop() }
    let payload = double.folder.url.appendingPathComponent("payload")
    try FileManager.default.createDirectory(at: payload, withIntermediateDirectories: true)
    try RandomPayload.write(
      mebibytes: 5 << 10 + 100, to: payload.appendingPathComponent("payload.bin"))
    let image = double.folder.path("Large.dmg")
    var clock = Date()
    var seconds: [String] = []
    func lap(_ step: String) {
      seconds.append("\(step) \(Int(Date().timeIntervalSince(clock))) s")
      clock = Date()
    }
    let built = try double.shipyard(["dmg", "build", payload.path, "-o", image, "--format", "UDRO"])
    #expect(built.status == 0, "\(built.standardError)")
    func size() throws -> Int {
      try #require(try FileManager.default.attributesOfItem(atPath: image)[.size] as? Int)
    }
    #expect(try size() > 5 << 30, "past what one S3 PUT holds")
    lap("build")
    let signed = try double.shipyard(
      [
        "dmg", "sign", image, "--no-timestamp", "--p12", double.folder.path("identity.p12"),
        "--p12-password-env", "P12_PASSWORD",
      ])
    #expect(signed.status == 0, "\(signed.standardError)")
    lap("sign")
    let signedSize = try size()
    let peer = try ProcessRunner.run(
      "python3",
      [
        "-c",
        "import apple_platform, json, sys; print(json.dumps(apple_platform.read_signature(sys.argv[1])))",
        image,
      ])
    let reading = String(decoding: peer.standardOutput, as: UTF8.self)
    #expect(peer.status == 0, "\(peer.standardError)")
    #expect(reading.contains("0x20300") || reading.contains("131840"), "CodeDirectory 0x20300")
    let verified = try double.shipyard(["dmg", "verify", image])
    #expect(verified.status == 0, "\(verified.standardOutput)\(verified.standardError)")
    lap("read back and verify")
    // The upload's peak memory, from GNU time: one 64 MiB part at a time, not the image.
    let time = double.folder.path("notarize-time.txt")
    let notarized = try double.shipyard(
      ["dmg", "notarize", image] + double.keyArguments, under: ["/usr/bin/time", "-v", "-o", time])
    lap("notarize")
    #expect(notarized.status == 0, "\(notarized.standardError)")
    let report = try String(contentsOfFile: time, encoding: .utf8)
    let peakKiB = try #require(
      report.split(separator: "\n").first { $0.contains("Maximum resident set size") }
        .flatMap { Int($0.split(separator: " ").last ?? "") })
    #expect(peakKiB < 512 << 10, "dmg notarize peaked at \(peakKiB) KiB")
    let parts = double.requests().compactMap { $0["part"] as? String }
    let expected = (signedSize + (64 << 20) - 1) / (64 << 20)
    #expect(parts.count == expected + 1, "64 MiB parts, one resent")
    #expect(parts.filter { $0 == "2" }.count == 2)
    let joined = double.requests().first { $0["joinedOnDisk"] != nil }
    #expect(joined?["joinedOnDisk"] as? Int == expected, "past 1 GiB the double joins on disk")
    #expect(joined?["joinedBytes"] as? Int == signedSize, "the signed image, as moto holds it")
    #expect(double.requests().contains { $0["storedSHA256Matches"] as? Bool == true })
    print(
      "large-image: \(signedSize) bytes, \(expected) parts (part 2 dropped and resent); "
        + seconds.joined(separator: ", ") + "; dmg notarize's peak RSS \(peakKiB >> 10) MiB")
  }
}
