import CodeSigning
import Digests
import DiskImage
import Foundation
import SystemSupport

/// Checks a disk image's embedded code signature offline, as `codesign --verify` would: the code
/// digest recomputed over the image, the special slots, the CMS signature and the stapled ticket.
///
/// What every code signature holds is checked by CodeSigning's `SignatureCheck`; this adds what
/// the `koly` trailer decides: where the signature lies, what the code limit must be, and the
/// trailer as it was when signed (the Rep Specific slot's content).
public struct DMGSignatureCheck: Sendable, Encodable {
  /// Whether the image carries a signature at all.
  public let isSigned: Bool
  /// The signing identifier.
  public let identifier: String?
  /// The team identifier, if any.
  public let teamIdentifier: String?
  /// The digest algorithm.
  public let hashType: String?
  /// The code directory's flags, in hex.
  public let flags: String?
  /// The code directory's hash, in hex.
  public let cdhash: String?
  /// Whether the signature is ad hoc.
  public let isAdHoc: Bool
  /// The CMS certificates' subjects, signer first.
  public let certificateChain: [String]
  /// The subject of the root the chain ends at, when it is trusted (``TrustRoots``): such as
  /// `CN=Apple Root CA, OU=Apple Certification Authority, O=Apple Inc., C=US`.
  public let anchor: String?
  /// Whether ``anchor`` is one of Apple's roots, not one added from a PEM file.
  public let anchorIsApple: Bool
  /// Whether the CMS signature carries a timestamp.
  public let isTimestamped: Bool
  /// Whether a notarization ticket is stapled.
  public let hasStapledTicket: Bool
  /// Every check made.
  public let findings: [SignatureFinding]

  /// Whether every check holds (an unsigned image has none that fail).
  public var isValid: Bool { findings.allSatisfy(\.ok) }

  /// Checks the image at `path`, its certificate chain against `trustRoots`.
  ///
  /// - Parameters:
  ///   - path: The disk image's path.
  ///   - trustRoots: The roots the signature's chain may end at.
  /// - Throws: An error naming the problem when the file is not a readable signed UDIF image.
  public init(path: String, trustRoots: TrustRoots = .apple) throws {
    try self.init(path: path, trustRoots: trustRoots, known: [])
  }

  /// Checks the image at `path` as ``init(path:trustRoots:)`` does, with digests of its first
  /// bytes taken already (``codeDigestTargets(of:in:)``, in a pass that read the file for
  /// another reason): the code they cover is not read again.
  init(path: String, trustRoots: TrustRoots, known: [FileDigest]) throws {
    let image = try DiskImageReader(path: path)
    let trailer = image.trailer
    guard trailer.codeSignatureLength > 0 else {
      isSigned = false
      (identifier, teamIdentifier, hashType, flags, cdhash) = (nil, nil, nil, nil, nil)
      (isAdHoc, certificateChain, isTimestamped, hasStapledTicket, findings) = (
        false, [], false, false, []
      )
      (anchor, anchorIsApple) = (nil, false)
      return
    }
    isSigned = true
    let descriptor = try FileDescriptor.openForReading(path)
    defer { descriptor.close() }
    let size = try descriptor.status().size
    var findings: [SignatureFinding] = []
    let expectedEnd =
      trailer.codeSignatureOffset + trailer.codeSignatureLength + Int64(KolyTrailer.size)
    findings.append(
      SignatureFinding(
        check: .layout,
        ok: expectedEnd == size
          && trailer.codeSignatureOffset == trailer.plistOffset + trailer.plistLength,
        detail:
          "signature at \(trailer.codeSignatureOffset)+\(trailer.codeSignatureLength), file of \(size) bytes"
      ))
    let superblob = try EmbeddedSignature(
      try descriptor.read(at: trailer.codeSignatureOffset, count: Int(trailer.codeSignatureLength)))
    // Rep Specific: the trailer as it was when signed (signature offset = plist end, size 0).
    var koly = trailer
    koly.codeSignatureOffset = trailer.plistOffset + trailer.plistLength
    koly.codeSignatureLength = 0
    var unsignedTrailer = try descriptor.read(
      at: size - Int64(KolyTrailer.size), count: KolyTrailer.size)
    unsignedTrailer.replaceSubrange(296..<312, with: koly.bytes[296..<312])
    // The code (one digest over the data fork and plist, up to the signature), the slots and the
    // CMS signature, as for any code signature.
    let check = try SignatureCheck(
      superblob, code: descriptor, fileSize: size,
      outside: [
        SignatureCheck.SlotContent(
          slot: 6, name: "trailer (Rep Specific slot)", bytes: unsignedTrailer)
      ], policy: trustRoots.policy, known: known)
    let directory = check.directory
    identifier = directory.identifier
    teamIdentifier = directory.teamIdentifier
    hashType = directory.hashType.description
    flags = "0x" + String(directory.flags, radix: 16)
    cdhash = directory.cdhash.hex
    isAdHoc = directory.isAdHoc
    findings.append(
      SignatureFinding(
        check: .codeLimit(hash: nil), ok: directory.codeLimit == trailer.codeSignatureOffset,
        detail: "\(directory.codeLimit) bytes covered, signature at \(trailer.codeSignatureOffset)")
    )
    certificateChain = check.certificateChain
    anchor = check.trust?.anchor
    anchorIsApple = check.trust?.anchorIsApple ?? false
    isTimestamped = check.isTimestamped
    hasStapledTicket = check.hasStapledTicket
    self.findings = findings + check.findings
  }

  /// The digests a pass over the image should take for the signature's code digest: the code
  /// directory's one digest over the code, when it has one page; none when the image is
  /// unsigned or its signature cannot be read (its check then says why).
  static func codeDigestTargets(of image: DiskImageReader, in descriptor: FileDescriptor)
    -> [SequentialDigest.Target]
  {
    let trailer = image.trailer
    guard trailer.codeSignatureLength > 0, trailer.codeSignatureLength <= 16 << 20,
      let bytes = try? descriptor.read(
        at: trailer.codeSignatureOffset, count: Int(trailer.codeSignatureLength)),
      let superblob = try? EmbeddedSignature(bytes),
      let directoryBytes = superblob[.codeDirectory],
      let directory = try? CodeDirectory(directoryBytes),
      directory.pageSize == 0 || Int64(directory.pageSize) >= Int64(directory.codeLimit)
    else { return [] }
    return [(directory.hashType, Int64(directory.codeLimit))]
  }
}
