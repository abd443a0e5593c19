import Distribution
import Foundation
import ShipyardTestSupport
import Testing
import XarArchive

/// A package signed with the test PKI's Developer ID Installer identity and timestamped by its
/// authority, inspected: the signer's name and team and the chain are those `openssl x509`
/// prints of the certificates signed with, the times those of the signing; a stapled ticket is
/// found, and bytes that are no ticket are not taken for one.
@Suite(
  .enabled(
    if: PeerPolicy.shouldRun(whenAvailable: ProcessRunner.succeeds("openssl", ["version"])),
    "needs openssl"))
struct PackageInspectionSignatureTests {
  /// The subject of the PEM certificate `name` of the test PKI, as `openssl x509` prints it.
  static func subject(_ name: String) throws -> String {
    let output = try ProcessRunner.check(
      "openssl",
      [
        "x509", "-in", try TestPKI.path(name), "-noout", "-subject", "-nameopt",
        "sep_comma_plus_space",
      ])
    return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      .replacingOccurrences(of: "subject=", with: "")
  }

  @Test func theSignerAndTimestampAreSummarized() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let path = try PackageInspectionTests.package(in: folder)
    let before = Date(timeIntervalSinceNow: -5)
    try await PackageSigner(
      identity: try PackageSigningTests.identity(),
      timestamp: { @Sendable in try TestTimestampAuthority.reply(to: $0) }
    ).sign(path, to: path)
    let signature = try #require(try PackageInspection(path: path).signature)

    #expect(signature.styles == ["RSA", "CMS"])
    #expect(signature.commonName == "Developer ID Installer: Shipyard Test (TEAMID1234)")
    #expect(signature.teamIdentifier == "TEAMID1234")
    #expect(
      signature.certificateChain == [
        try Self.subject("installer-leaf.pem"), try Self.subject("intermediate.pem"),
        try Self.subject("root.pem"),
      ])
    let formatter = ISO8601DateFormatter()
    let signed = try #require(signature.signingTime.flatMap(formatter.date(from:)))
    let stamped = try #require(signature.timestamp.flatMap { formatter.date(from: $0.time) })
    for time in [signed, stamped] {
      #expect(time >= before && time <= Date(timeIntervalSinceNow: 5))
    }
    #expect(signature.timestamp?.authority == (try Self.subject("tsa.pem")))
    #expect(signature.problem == nil)
  }

  @Test func aStapledTicketIsFoundAndJunkIsNot() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let path = try PackageInspectionTests.package(in: folder)
    try await PackageSigner(identity: try PackageSigningTests.identity(), timestamp: nil).sign(
      path, to: path)
    let signed = try PackageInspection(path: path)
    #expect(signed.signature?.timestamp == nil && signed.signature?.signingTime != nil)
    let check = try PackageSignatureCheck(path: path)
    #expect(signed.tableOfContents.digest == check.tableDigest)

    let ticket = Array("s8ch".utf8) + [UInt8](repeating: 7, count: 300)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    let stapled = try folder.write(bytes + XarTicketTrailer.bytes(ticket: ticket), to: "S.pkg")
    let inspection = try PackageInspection(path: stapled.path)
    #expect(inspection.stapledTicketSize == ticket.count)
    #expect(inspection.trailingBytes == Int64(ticket.count + 2 * XarTicketTrailer.recordSize))
    #expect(inspection.signature == signed.signature && inspection.members == signed.members)

    let junk = try folder.write(bytes + Array("t8lr junk".utf8), to: "J.pkg")
    let junky = try PackageInspection(path: junk.path)
    #expect(junky.stapledTicketSize == nil && junky.trailingBytes == 9)
  }
}
