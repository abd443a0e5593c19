package import Digests
import DiskImage
import Foundation
import SystemSupport

/// Checks a disk image offline, as `shipyard dmg verify` and the last step of `dmg ship` do:
/// every chunk's checksum, the embedded code signature and, when asked, the stapled ticket.
///
/// The checks run when the value is made; ``check(_:)`` then says whether they hold for what a
/// release needs:
///
/// ```swift
/// let verification = try DMGVerification(path: "dist/MyApp.dmg")
/// try verification.check(.signedAndStapled)
/// ```
public struct DMGVerification: Sendable, Encodable {
  /// What an image must carry, beyond checksums that hold, to pass ``check(_:)``.
  public struct Requirements: Sendable, Equatable {
    /// Whether the image must be signed (a signature it carries must hold either way).
    public var signature: Bool
    /// Whether a notarization ticket must be stapled to the signature.
    public var ticket: Bool
    /// Whether the image must be as Gatekeeper and Apple's notary accept it.
    ///
    /// Its signature must not be ad hoc, and nothing in its apps may be what the notary refuses
    /// (no Developer ID, no secure timestamp, no hardened runtime). Without it, integrity alone is checked: every signature
    /// there holds, ad hoc ones included.
    public var distribution: Bool

    /// Requirements with the signature, the ticket and the distribution rule required or not.
    ///
    /// - Parameters:
    ///   - signature: Whether the image (and its apps) must be signed.
    ///   - ticket: Whether a notarization ticket must be stapled.
    ///   - distribution: Whether ad hoc signatures and what the notary refuses fail.
    public init(signature: Bool, ticket: Bool, distribution: Bool = false) {
      self.signature = signature
      self.ticket = ticket
      self.distribution = distribution
    }

    /// Checksums only (the image may be unsigned; a signature it has must still hold).
    public static let checksums = Requirements(signature: false, ticket: false)
    /// Checksums, and signatures that hold on the image and its apps, ad hoc ones included:
    /// what `dmg verify --integrity-only` asks.
    public static let signed = Requirements(signature: true, ticket: false)
    /// ``signed``, no ad hoc signature, and apps the notary accepts: what `dmg verify` asks.
    public static let distributable = Requirements(
      signature: true, ticket: false, distribution: true)
    /// Checksums, a signature that holds and a stapled ticket.
    public static let signedAndStapled = Requirements(signature: true, ticket: true)
  }

  /// The image's path.
  public let image: String
  /// Whether every partition's chunks decode and match their checksums.
  public let checksumsOK: Bool
  /// The names of the partitions whose chunks do not decode or do not match their checksum.
  public let damagedPartitions: [String]
  /// The embedded code signature, as far as the image has one.
  public let signature: DMGSignatureCheck
  /// The apps at the volume's root, read through Shipyard's own HFS+ and APFS readers and
  /// verified as ``AppVerification`` does (empty when the checksums do not hold).
  public let apps: [AppVerification]
  /// The SHA-256 and size of the whole file as it was read: a release that verifies its image
  /// last gives this digest to updaters without reading the image again.
  package let fileDigest: FileDigest

  /// Whether the checksums hold and the image is signed with a signature that holds, ad hoc
  /// ones included (see ``distributable``).
  public var valid: Bool {
    checksumsOK && signature.isSigned && signature.isValid
      && apps.allSatisfy { $0.problems.isEmpty }
  }

  /// Checks the image at `path`: its checksums and its signature, whose certificate chain must
  /// end at one of `trustRoots` through a Developer ID intermediate.
  ///
  /// - Parameters:
  ///   - path: The disk image's path.
  ///   - trustRoots: The roots the signature's chain may end at (Apple's unless others are
  ///     added).
  /// - Throws: An error naming the problem when the file is not a readable UDIF image.
  public init(path: String, trustRoots: TrustRoots = .apple) throws {
    let reader = try DiskImageReader(path: path)
    let descriptor = try FileDescriptor.openForReading(path)
    defer { descriptor.close() }
    let size = try descriptor.status().size
    // One pass over the file: the checksums decode every chunk, and the digests of the code the
    // signature covers and of the whole file take the same bytes as they go by.
    let digests = SequentialDigest(
      of: descriptor, size: size,
      targets: DMGSignatureCheck.codeDigestTargets(of: reader, in: descriptor)
        + [(algorithm: .sha256, end: size)])
    reader.storedBytesObserver = { offset, bytes in try digests.take(bytes, at: offset) }
    image = path
    damagedPartitions = reader.partitions.filter { reader.check($0) != .ok }.map(\.name)
    reader.storedBytesObserver = nil
    checksumsOK = damagedPartitions.isEmpty
    let taken = try digests.finish()
    fileDigest = taken[taken.count - 1]
    signature = try DMGSignatureCheck(
      path: path, trustRoots: trustRoots, known: Array(taken.dropLast()))
    apps = checksumsOK ? try Self.verifyApps(in: path, trustRoots: trustRoots) : []
  }

  /// Extracts the image's apps into a temporary folder and verifies each.
  static func verifyApps(in image: String, trustRoots: TrustRoots) throws -> [AppVerification] {
    let temporary = try TemporaryFolder(prefix: "shipyard-verify")
    defer { temporary.remove() }
    let folder = temporary.url
    let extraction = try DMGAppExtraction(path: image, extractingInto: folder.path)
    return try extraction.apps.map { app in
      let verification = try AppVerification(path: app.extractedPath, trustRoots: trustRoots)
      return verification.named(String(app.volumePath.drop { $0 == "/" }), under: folder.path)
    }
  }

  /// The first way the image falls short of `requirements`, or `nil` when it meets them.
  ///
  /// - Parameter requirements: What the image must carry beyond its checksums.
  /// - Returns: The first failure: damaged partitions, a missing signature, a check of the
  ///   signature that does not hold, or a missing ticket.
  public func failure(for requirements: Requirements) -> DMGVerificationError? {
    if !checksumsOK { return .damaged(image: image, partitions: damagedPartitions) }
    if !signature.isSigned {
      return requirements.signature ? .unsigned(image: image) : nil
    }
    if let failed = signature.findings.first(where: { !$0.ok }) {
      return .signatureDoesNotHold(image: image, check: failed.check, detail: failed.detail)
    }
    if requirements.distribution, signature.isAdHoc { return .adHoc(image: image) }
    if requirements.signature, let app = apps.first(where: { !$0.isIntact }) {
      if app.signer == .none || app.signer == .linkerOnly {
        return .appNotSigned(image: image, app: app.path, signer: app.signer)
      }
      return .appDoesNotHold(image: image, app: app.path, problem: app.problems[0])
    }
    if requirements.distribution, let app = apps.first(where: { !$0.notaryIssues.isEmpty }) {
      return .appNotDistributable(image: image, app: app.path, issue: app.notaryIssues[0])
    }
    if requirements.ticket, !signature.hasStapledTicket { return .noTicket(image: image) }
    return nil
  }

  /// Throws the first way the image falls short of `requirements`.
  ///
  /// - Parameter requirements: What the image must carry beyond its checksums.
  /// - Throws: The ``DMGVerificationError`` of ``failure(for:)``.
  public func check(_ requirements: Requirements) throws(DMGVerificationError) {
    if let failure = failure(for: requirements) { throw failure }
  }

  /// Whether the image meets ``Requirements/distributable``: valid, not signed ad hoc, and its
  /// apps as the notary accepts them.
  public var distributable: Bool { failure(for: .distributable) == nil }

  private enum CodingKeys: String, CodingKey {
    case image, checksumsOK, damagedPartitions, signature, apps, valid, distributable
  }

  /// Encodes the image, the checksums' verdict and damaged partitions, the signature, ``valid``
  /// and ``distributable``.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: The encoder's error.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(image, forKey: .image)
    try container.encode(checksumsOK, forKey: .checksumsOK)
    try container.encode(damagedPartitions, forKey: .damagedPartitions)
    try container.encode(signature, forKey: .signature)
    try container.encode(apps, forKey: .apps)
    try container.encode(valid, forKey: .valid)
    try container.encode(distributable, forKey: .distributable)
  }
}
