import Foundation
import ShipyardTestSupport
import Testing

/// The native engine's upload of an image larger than one part: S3's multipart upload through the
/// loopback double into moto (which joins the parts and refuses parts under 5 MiB), one dropped
/// connection retried for its part alone.
@Suite(
  .enabled(
    if: PeerPolicy.shouldRun(whenAvailable: NotaryDouble.isAvailable),
    Comment(rawValue: NotaryDouble.requirement)))
struct S3PartedUploadTests {
  /// A signed image of three 5 MiB parts (the last one short) in `double`'s folder.
  func signedImage(_ double: NotaryDouble) throws -> String {
    let payload = double.folder.url.appendingPathComponent("payload")
    try FileManager.default.createDirectory(at: payload, withIntermediateDirectories: true)
    var generator = SystemRandomNumberGenerator()
    let random = (0..<(12 << 20) / 8).flatMap { _ in
      withUnsafeBytes(of: generator.next() as UInt64) { Array($0) }
    }
    try Data(random).write(to: payload.appendingPathComponent("data.bin"))
    let image = double.folder.path("Big.dmg")
    let built = try double.shipyard(["dmg", "build", payload.path, "-o", image, "--format", "UDRO"])
    #expect(built.status == 0, "\(built.standardError)")
    let size = try #require(
      try FileManager.default.attributesOfItem(atPath: image)[.size] as? Int)
    #expect(size > 10 << 20 && size < 15 << 20, "three parts of 5 MiB, the last one short")
    let signed = try double.shipyard(
      [
        "dmg", "sign", image, "--no-timestamp", "--p12", double.folder.path("identity.p12"),
        "--p12-password-env", "P12_PASSWORD",
      ])
    #expect(signed.status == 0, "\(signed.standardError)")
    return image
  }

  func notarize(_ image: String, _ double: NotaryDouble) throws -> ProcessRunner.Output {
    try double.shipyard(
      ["dmg", "notarize", image] + double.keyArguments,
      environment: ["SHIPYARD_S3_PART_SIZE=5242880"])
  }

  /// With `s3-joins-on-disk` the double completes the upload as it does from 1 GiB on (moto's
  /// join holds the object in memory four times: s3_disk_join.py), after checking the listed
  /// parts against the ETags moto computed; otherwise moto completes it.
  @Test(arguments: [false, true])
  func anImageOfThreePartsIsUploadedInPartsAndADroppedPartIsSentAgain(joinedOnDisk: Bool) throws {
    let double = try NotaryDouble(
      modes: ["s3-drops-part-2"] + (joinedOnDisk ? ["s3-joins-on-disk"] : []))
    defer { double.stop() }
    let notarized = try notarize(try signedImage(double), double)
    #expect(notarized.status == 0, "\(notarized.standardError)")
    let s3 = double.requests().filter { ($0["path"] as? String)?.hasPrefix("/s3/") == true }
    #expect(
      s3.filter { $0["dropped"] == nil }.allSatisfy { $0["sigv4"] as? String == "ok" },
      "every request signed right: \(s3)")
    let parts = s3.compactMap { $0["part"] as? String }
    #expect(parts == ["1", "2", "2", "3"], "part 2 was sent again after its connection dropped")
    #expect(s3.contains { $0["dropped"] as? String == "2" })
    #expect(s3.filter { $0["method"] as? String == "POST" }.count == 2, "create, then complete")
    #expect(!s3.contains { $0["method"] as? String == "DELETE" }, "nothing to abort")
    let joined = double.requests().first { $0["joinedOnDisk"] != nil }
    #expect((joined?["joinedOnDisk"] as? Int) == (joinedOnDisk ? 3 : nil), "\(s3)")
    #expect(
      double.requests().contains { $0["storedSHA256Matches"] as? Bool == true },
      "moto joined the parts into the image's bytes")
  }

  @Test func aRefusedPartAbortsTheUploadAndNothingIsLeftStored() throws {
    let double = try NotaryDouble(modes: ["s3-refuses-part-2"])
    defer { double.stop() }
    let notarized = try notarize(try signedImage(double), double)
    #expect(notarized.status == 1)
    #expect(notarized.standardError.contains("the upload to S3 was refused with HTTP 403"))
    let aborted = try #require(double.requests().first { $0["aborted"] != nil })
    #expect(aborted["aborted"] as? Int == 204, "AbortMultipartUpload")
    #expect(aborted["pendingUploads"] as? Int == 0, "no upload, so no stored part, is left")
  }

  /// The double's own join answers as moto's does, over the same parts.
  ///
  /// It joins from 1 GiB on, where moto's join needs four copies in memory. A good completion
  /// gets moto's ETag and bytes; a bad one gets moto's refusal (`InvalidPart`, `EntityTooSmall`)
  /// and leaves the upload open, so the right completion still succeeds. Parts out of order are
  /// S3's `InvalidPartOrder`, which moto 5.2 does not check (it joins them as listed); a body
  /// that is not XML or lists no part is `MalformedXML`. See `Doubles/check_disk_join.py`.
  @Test func theDoublesJoinOnDiskRefusesWhatS3Refuses() throws {
    let scratch = try ScratchFolder()
    let checked = try ProcessRunner.run(
      "python3",
      [NotaryDouble.doubles.appendingPathComponent("check_disk_join.py").path, scratch.url.path])
    #expect(checked.status == 0, "\(checked.standardError)")
    var answers: [String: [String: Any]] = [:]
    for line in checked.standardOutput.split(separator: UInt8(ascii: "\n")) {
      let answer = try #require(
        try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
      answers[try #require(answer["case"] as? String)] = answer
    }
    let accepted = try #require(answers["accepted"])
    let joined = try #require(accepted["double"] as? String)
    #expect(joined.hasPrefix("ok ") && joined.hasSuffix("-3 same-bytes"), "\(accepted)")
    #expect(accepted["moto"] as? String == joined, "moto's ETag and bytes")
    for (name, code) in [
      ("wrong-etag", "InvalidPart"), ("missing-part", "InvalidPart"),
      ("part-too-small", "EntityTooSmall"),
    ] {
      let answer = try #require(answers[name])
      #expect(answer["double"] as? String == code, "\(name): \(answer)")
      #expect(answer["moto"] as? String == code, "\(name): moto agrees: \(answer)")
    }
    let outOfOrder = try #require(answers["out-of-order"])
    #expect(outOfOrder["double"] as? String == "InvalidPartOrder", "\(outOfOrder)")
    for name in ["wrong-etag", "missing-part", "out-of-order", "part-too-small"] {
      let after = try #require(answers[name]?["after"] as? [String: Any], "\(name)")
      #expect(after["stillOpen"] as? Bool == true, "\(name): the refused upload stays open")
      let retried = after["retried"] as? String ?? ""
      if name == "part-too-small" {
        #expect(retried == "EntityTooSmall", "a 1000-byte first part is never enough")
      } else {
        #expect(retried.hasPrefix("ok ") && retried.hasSuffix("same-bytes"), "\(name): \(after)")
      }
    }
    for name in ["not-xml", "no-parts"] {
      #expect(answers[name]?["double"] as? String == "MalformedXML", "\(name)")
    }
  }
}
