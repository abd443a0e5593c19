import Foundation
import ShipyardTestSupport
import Testing

/// An image past 5 GiB end to end: built (UDRO of a 5.1 GiB payload), signed with a 64-bit code
/// limit (CodeDirectory 0x20300), read back by apple-platform-py and `dmg verify`, and notarized
/// through the double, whose S3 is moto, as a multipart upload with one dropped part resent.
///
/// It writes and uploads over 5 GiB, so it runs only when `SHIPYARD_LARGE_TESTS=1` (as
/// `Benchmarks/large-image/run.sh` sets it); CI runs the same path small
/// (MultipartUploadTests, the DMG signature tests).
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
    // A random MiB repeated: UDRO stores it as it is (zeros would become zero-fill chunks).
    let big = payload.appendingPathComponent("payload.bin")
    var generator = SystemRandomNumberGenerator()
    let block = Data(
      (0..<(1 << 17)).flatMap { _ in withUnsafeBytes(of: generator.next() as UInt64) { Array($0) } }
    )
    try Data().write(to: big)
    let handle = try FileHandle(forWritingTo: big)
    for _ in 0..<(5 << 10 + 100) { try handle.write(contentsOf: block) }
    try handle.close()
    let image = double.folder.path("Large.dmg")
    let built = try double.shipyard(["dmg", "build", payload.path, "-o", image, "--format", "UDRO"])
    #expect(built.status == 0, "\(built.standardError)")
    let size = try #require(try FileManager.default.attributesOfItem(atPath: image)[.size] as? Int)
    #expect(size > 5 << 30, "past what one S3 PUT holds")
    let signed = try double.shipyard(
      [
        "dmg", "sign", image, "--no-timestamp", "--p12", double.folder.path("identity.p12"),
        "--p12-password-env", "P12_PASSWORD",
      ])
    #expect(signed.status == 0, "\(signed.standardError)")
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
    let notarized = try double.shipyard(["dmg", "notarize", image] + double.keyArguments)
    #expect(notarized.status == 0, "\(notarized.standardError)")
    let parts = double.requests().compactMap { $0["part"] as? String }
    #expect(parts.count == (size + (64 << 20) - 1) / (64 << 20) + 1, "64 MiB parts, one resent")
    #expect(parts.filter { $0 == "2" }.count == 2)
    #expect(double.requests().contains { $0["storedSHA256Matches"] as? Bool == true })
  }
}
