import CodeSigning
import Digests
import Foundation
import SystemSupport
import XarArchive

/// Checks a flat installer package (`.pkg`) offline, as `pkgutil --check-signature` would: the
/// table of contents against its checksum, every member against its size and checksums, the
/// RSA and CMS signatures over the table's digest, the certificates the table names against
/// those of the CMS, the signer being a Developer ID Installer, the time-stamp token, the
/// chain to one of ``TrustRoots`` at the token's time, and what follows the archive's end.
///
/// ```swift
/// let check = try PackageSignatureCheck(path: "dist/Demo.pkg")
/// for finding in check.findings where !finding.ok { print(finding.check, finding.detail) }
/// ```
public struct PackageSignatureCheck: Sendable, Encodable {
  /// Whether the table names a signature at all.
  public let isSigned: Bool
  /// The table's digest as stored, in hex: what the signatures sign and a ticket names.
  public let tableDigest: String
  /// Its algorithm, `sha1` or `sha256`.
  public let tableDigestAlgorithm: String
  /// The CMS certificates' subjects, signer first.
  public let certificateChain: [String]
  /// The subject of the root the chain ends at, when it is trusted.
  public let anchor: String?
  /// Whether ``anchor`` is one of Apple's roots, not one added from a PEM file.
  public let anchorIsApple: Bool
  /// Whether the CMS signature carries a time-stamp token.
  public let isTimestamped: Bool
  /// How many bytes follow the archive's end (a stapled ticket), or 0.
  public let trailerLength: Int64
  /// Whether those bytes are a stapled notarization ticket (they start `t8lr`).
  public let hasStapledTicket: Bool
  /// Every check made: the table, each member, then (when signed) the signatures'.
  public let findings: [SignatureFinding]

  /// Whether every check holds (an unsigned package's are only the table's and members').
  public var isValid: Bool { findings.allSatisfy(\.ok) }

  /// The most bytes after an archive read as a stapled ticket's trailer: 1 MiB (tickets are a
  /// few KiB).
  static let largestTrailer: Int64 = 1 << 20

  /// Whether the `count` bytes at `offset` in `descriptor` are exactly a stapled ticket's
  /// trailer: a `t8lr` record of type 1, the ticket, and one of type 2 giving its length.
  static func holdsTicket(_ descriptor: FileDescriptor, at offset: Int64, count: Int64) throws
    -> Bool
  {
    guard count >= 2 * Int64(XarTicketTrailer.recordSize), count <= largestTrailer else {
      return false
    }
    let trailer = try descriptor.read(at: offset, count: Int(count))
    guard trailer.count == Int(count),
      XarTicketTrailer.trailerLength(endingWith: trailer.suffix(XarTicketTrailer.recordSize))
        == trailer.count
    else { return false }
    return XarTicketTrailer.ticket(in: trailer) != nil
  }

  /// Checks the package at `path`, its chain against `trustRoots`.
  ///
  /// - Parameters:
  ///   - path: The package's path.
  ///   - trustRoots: The roots the signature's chain may end at.
  /// - Throws: An error naming the part when the file is not a readable xar archive (a table
  ///   that does not inflate, a signature outside the file); a table that does not match its
  ///   checksum is a failing finding instead.
  public init(path: String, trustRoots: TrustRoots = .apple) throws {
    let descriptor = try FileDescriptor.openForReading(path)
    defer { descriptor.close() }
    let size = try descriptor.status().size
    let reader = try XarReader(source: descriptor, size: size, requiringIntactTable: false)
    let algorithm = reader.tableChecksum.algorithm
    tableDigest = reader.storedTableDigest.hex
    tableDigestAlgorithm = algorithm.description
    var findings = [
      SignatureFinding(
        check: .tableOfContents, ok: reader.storedTableDigest == reader.tableDigest,
        detail: "\(algorithm) stored \(reader.storedTableDigest.hex), computed "
          + reader.tableDigest.hex)
    ]
    for entry in reader.entries where entry.data != nil {
      do {
        try reader.checkContents(of: entry)
        findings.append(
          SignatureFinding(
            check: .member(path: entry.path), ok: true,
            detail: "\(entry.data?.size ?? 0) bytes, archived and extracted checksums match"))
      } catch let error as XarReaderError {
        findings.append(
          SignatureFinding(check: .member(path: entry.path), ok: false, detail: error.problem))
      }
    }
    trailerLength = reader.trailingByteCount
    hasStapledTicket = try Self.holdsTicket(descriptor, at: reader.archiveEnd, count: trailerLength)
    if trailerLength > 0 {
      findings.append(
        SignatureFinding(
          check: .trailer, ok: hasStapledTicket,
          detail: "\(trailerLength) bytes after the archive's end, "
            + (hasStapledTicket
              ? "a stapled ticket" : "not a stapled ticket (t8lr records around a ticket)")))
    }
    let rsa = reader.signature(.rsa)
    let cms = reader.signature(.cms)
    isSigned = rsa != nil || cms != nil
    guard isSigned else {
      (certificateChain, anchor, anchorIsApple, isTimestamped) = ([], nil, false, false)
      self.findings = findings
      return
    }
    let check = InstallerSignatureCheck(
      digest: reader.storedTableDigest, algorithm: algorithm,
      rsa: rsa.map { .init(bytes: $0.bytes, certificates: $0.certificates) },
      cms: cms.map { .init(bytes: $0.bytes, certificates: $0.certificates) },
      policy: trustRoots.policy)
    certificateChain = check.certificateChain
    anchor = check.trust?.anchor
    anchorIsApple = check.trust?.anchorIsApple ?? false
    isTimestamped = check.isTimestamped
    self.findings = findings + check.findings
  }
}
