import Distribution
import Foundation
import Testing

/// The one verification of `dmg verify` and `dmg ship`, as a program sees it.
@Suite struct DMGVerificationAPITests {
  /// Hello.app built as a UDZO image in `folder`.
  static func helloImage(in folder: TemporaryFolder) async throws -> String {
    let options = DMGBuildOptions(
      source: examples + "/Hello.app", output: folder.path("Hello.dmg"))
    return try await DMGBuilder(options: options).build().output
  }

  @Test func anUnsignedImagePassesOnItsChecksumsButNotWhereASignatureIsRequired() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let verification = try DMGVerification(path: try await Self.helloImage(in: folder))

    #expect(verification.checksumsOK && verification.damagedPartitions.isEmpty)
    #expect(!verification.signature.isSigned && !verification.valid)
    #expect(verification.failure(for: .checksums) == nil)
    #expect(verification.failure(for: .signed) == .unsigned(image: verification.image))
    #expect(throws: DMGVerificationError.unsigned(image: verification.image)) {
      try verification.check(.signedAndStapled)
    }
  }

  @Test func aDamagedChunkFailsEvenWhenNoSignatureIsRequired() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let image = try await Self.helloImage(in: folder)
    var bytes = try Data(contentsOf: URL(fileURLWithPath: image))
    bytes[100] ^= 0xFF
    try bytes.write(to: URL(fileURLWithPath: image))

    let verification = try DMGVerification(path: image)

    #expect(!verification.checksumsOK)
    guard case .damaged(_, let partitions) = verification.failure(for: .checksums) else {
      Issue.record(
        "expected damaged partitions, got \(String(describing: verification.failure(for: .checksums)))"
      )
      return
    }
    #expect(partitions == verification.damagedPartitions && !partitions.isEmpty)
    #expect(
      "\(DMGVerificationError.damaged(image: "x.dmg", partitions: partitions))".hasPrefix(
        "x.dmg: damaged partitions: "))
  }
}
