import CodeSigning
import Foundation
import ShipyardTestSupport
import Testing

/// Time as Apple judges it: a time-stamp token's own chain at the token's time, the signing
/// chain at the verified token's time, so a signature outlives both its authority's and its
/// signer's certificates.
@Suite(
  .enabled(
    if: PeerPolicy.shouldRun(
      whenAvailable: SigningPeers.shouldRun && TestTimestampAuthority.canBackdate),
    Comment(rawValue: TestTimestampAuthority.backdatingRequirement)))
struct TimestampTimeTests {
  /// The expired identity's one valid day, 2015-01-01.
  static let signingDay = Date(timeIntervalSince1970: 1_420_113_600)  // 2015-01-01 12:00 UTC

  /// Code signed on 2015-01-01 by the identity valid that day only, stamped that day by the
  /// 2015 authority (valid six weeks); `stampedAt` is the clock the authority answers at.
  static func signed(in folder: ScratchFolder, stampedAt time: String?) async throws -> SignedCode {
    let authority: CodeSignatureBuilder.Timestamper? = time.map { time in
      { @Sendable request in try TestTimestampAuthority.backdatedReply(to: request, at: time) }
    }
    return try await SignedCode.make(
      in: folder, identity: try SignedCode.identity("expired.p12"), timestamp: authority,
      signingTime: signingDay)
  }

  @Test func aTimestampedSignatureOutlivesItsCertificates() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let signed = try await Self.signed(in: folder, stampedAt: "2015-01-01 12:00:00")
    let check = try SignatureCheckOverCodeTests.check(signed.path, signed.signature.superblob)
    #expect(SignatureCheckOverCodeTests.failing(check).isEmpty, "\(check.findings)")
    #expect(check.isTimestamped && check.trust?.isTrusted == true)
    #expect(check.trust?.date == Self.signingDay)
    let timestamp = try #require(check.findings.first { $0.check == .timestamp })
    #expect(
      timestamp.detail == "stamped at 2015-01-01T12:00:00Z; the authority's chain judged at "
        + "2015-01-01T12:00:00Z (the token's time)")
    let chain = try #require(check.findings.last)
    #expect(chain.check == .certificateChain)
    #expect(chain.detail.hasSuffix("judged at 2015-01-01T12:00:00Z (the timestamp's time)"))
    // The same signature in BER, the token too, as Apple's codesign writes it, holds as well.
    let superblob = try signed.superblob
    let ber = try BERRewrite.cms(Array(try #require(superblob[.signature]).dropFirst(8)))
    let rewritten = SuperBlobBuilder(
      blobs: superblob.blobs.merging(
        [SuperBlobBuilder.signatureSlot: SuperBlobBuilder.wrapper(ber)]) { $1 }
    ).bytes()
    let berCheck = try SignatureCheckOverCodeTests.check(signed.path, rewritten)
    #expect(berCheck.findings == check.findings)
  }

  @Test func aTokenMadeAfterItsAuthorityExpiredVouchesForNothing() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    // The authority's certificate ended on 2015-02-12: a token it signs in March is not
    // evidence, and the signer's certificate, expired since 2015-01-02, is judged now.
    let signed = try await Self.signed(in: folder, stampedAt: "2015-03-01 12:00:00")
    let check = try SignatureCheckOverCodeTests.check(signed.path, signed.signature.superblob)
    #expect(SignatureCheckOverCodeTests.failing(check) == ["timestamp", "certificate chain"])
    let timestamp = try #require(check.findings.first { $0.check == .timestamp })
    #expect(timestamp.detail.contains("certificate has expired"), "\(timestamp.detail)")
    #expect(check.findings.last?.detail.contains("(now: no valid timestamp)") == true)
    #expect(check.findings.last?.detail.contains("is expired at") == true)
  }

  @Test func withoutATimestampAnExpiredSignerIsJudgedNow() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let signed = try await Self.signed(in: folder, stampedAt: nil)
    let check = try SignatureCheckOverCodeTests.check(signed.path, signed.signature.superblob)
    #expect(SignatureCheckOverCodeTests.failing(check) == ["certificate chain"])
    #expect(check.trust.map { $0.date > Date().addingTimeInterval(-600) } == true)
  }
}
