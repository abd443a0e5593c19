import DiskImage
import Foundation
import SystemSupport

/// Checks a disk image's embedded code signature offline, as `codesign --verify` would: the code
/// digest recomputed over the image, the special slots, the CMS signature and the stapled ticket.
package struct DMGSignatureCheck: Sendable, Encodable {
  /// A finding, named for people.
  package struct Finding: Sendable, Encodable, Equatable {
    /// What was checked, such as "code digest".
    package let check: String
    /// Whether it holds.
    package let ok: Bool
    /// The detail: digests, names.
    package let detail: String
  }

  /// Whether the image carries a signature at all.
  package let isSigned: Bool
  /// The signing identifier.
  package let identifier: String?
  /// The team identifier, if any.
  package let teamIdentifier: String?
  /// The digest algorithm.
  package let hashType: String?
  /// The code directory's flags, in hex.
  package let flags: String?
  /// The code directory's hash, in hex.
  package let cdhash: String?
  /// Whether the signature is ad hoc.
  package let isAdHoc: Bool
  /// The CMS certificates' subjects, signer first.
  package let certificateChain: [String]
  /// Whether the CMS signature carries a timestamp.
  package let isTimestamped: Bool
  /// Whether a notarization ticket is stapled.
  package let hasStapledTicket: Bool
  /// Every check made.
  package let findings: [Finding]

  /// Whether every check holds (an unsigned image has none that fail).
  package var isValid: Bool { findings.allSatisfy(\.ok) }

  /// Checks the image at `path`.
  package init(path: String) throws {
    let image = try DiskImageReader(path: path)
    let trailer = image.trailer
    guard trailer.codeSignatureLength > 0 else {
      isSigned = false
      (identifier, teamIdentifier, hashType, flags, cdhash) = (nil, nil, nil, nil, nil)
      (isAdHoc, certificateChain, isTimestamped, hasStapledTicket, findings) = (
        false, [], false, false, []
      )
      return
    }
    isSigned = true
    let descriptor = try FileDescriptor.openForReading(path)
    defer { descriptor.close() }
    let size = try descriptor.status().size
    var findings: [Finding] = []
    let expectedEnd =
      trailer.codeSignatureOffset + trailer.codeSignatureLength + Int64(KolyTrailer.size)
    findings.append(
      Finding(
        check: "layout",
        ok: expectedEnd == size
          && trailer.codeSignatureOffset == trailer.plistOffset + trailer.plistLength,
        detail:
          "signature at \(trailer.codeSignatureOffset)+\(trailer.codeSignatureLength), file of \(size) bytes"
      ))
    let superblob = try EmbeddedSignature(
      try descriptor.read(at: trailer.codeSignatureOffset, count: Int(trailer.codeSignatureLength)))
    guard let directoryBytes = superblob[.codeDirectory] else {
      throw SignatureError.malformed("no code directory")
    }
    let directory = try CodeDirectory(directoryBytes)
    identifier = directory.identifier
    teamIdentifier = directory.teamIdentifier
    hashType = directory.hashType.description
    flags = "0x" + String(directory.flags, radix: 16)
    cdhash = directory.cdhash.hex
    isAdHoc = directory.isAdHoc

    // The code: one digest over the data fork and plist, up to the signature.
    findings.append(
      Finding(
        check: "code limit", ok: directory.codeLimit == trailer.codeSignatureOffset,
        detail: "\(directory.codeLimit) bytes covered, signature at \(trailer.codeSignatureOffset)")
    )
    let pageSize = directory.pageSize == 0 ? Int64(directory.codeLimit) : Int64(directory.pageSize)
    // A damaged code limit can be anything: compare it with the file before any arithmetic.
    var digestsMatch =
      directory.codeLimit >= 0 && directory.codeLimit <= size && pageSize > 0
      && Int64(directory.codeDigests.count)
        == directory.codeLimit / pageSize + (directory.codeLimit % pageSize == 0 ? 0 : 1)
    for (index, stored) in directory.codeDigests.enumerated() where digestsMatch {
      let start = Int64(index) * pageSize
      let computed = try Self.digest(
        descriptor, from: start, count: min(pageSize, directory.codeLimit - start),
        directory.hashType)
      digestsMatch = computed == stored
    }
    findings.append(
      Finding(
        check: "code digest", ok: digestsMatch,
        detail: "\(directory.codeDigests.count) \(directory.hashType) digest(s) over the image"))

    // Rep Specific: the trailer as it was when signed (signature offset = plist end, size 0).
    var koly = trailer
    koly.codeSignatureOffset = trailer.plistOffset + trailer.plistLength
    koly.codeSignatureLength = 0
    let storedKoly = try descriptor.read(
      at: size - Int64(KolyTrailer.size), count: KolyTrailer.size)
    var normalized = storedKoly
    normalized.replaceSubrange(296..<312, with: koly.bytes[296..<312])
    findings.append(
      Self.slot(directory, 6, name: "trailer (Rep Specific slot)", covers: normalized))
    // Requirements (2), entitlements (5) and DER entitlements (7): a non-zero digest needs its
    // blob, and a blob needs its digest.
    for (slot, name) in [(2, "requirements"), (5, "entitlements"), (7, "DER entitlements")] {
      let blob = superblob.blobs[UInt32(slot)]
      let digest = directory.specialDigests[slot]
      let isEmpty = digest.map { $0.allSatisfy { $0 == 0 } } ?? true
      if let blob {
        findings.append(Self.slot(directory, slot, name: "\(name) slot", covers: blob))
      } else if !isEmpty {
        findings.append(
          Finding(
            check: "\(name) slot", ok: false,
            detail: "the code directory has a digest but the signature no blob"))
      }
    }
    let known: Set<UInt32> = [0, 2, 5, 7, 0x10000, 0x10002]
    for slot in superblob.blobs.keys where !known.contains(slot) {
      findings.append(
        Finding(
          check: "superblob", ok: false,
          detail: "unexpected blob in slot 0x\(String(slot, radix: 16))"))
    }

    // The CMS signature, when there is one.
    var chain: [String] = []
    var timestamped = false
    if let blob = superblob[.signature], blob.count > 8 {
      guard blob.prefix(4).elementsEqual([0xFA, 0xDE, 0x0B, 0x01]) else {
        throw SignatureError.malformed("the signature slot holds no CMS wrapper blob (0xfade0b01)")
      }
      let cms = try CMSSignature(der: Array(blob[8...]))
      chain = cms.certificates.map(\.subject)
      timestamped = cms.isTimestamped
      findings.append(
        Finding(
          check: "CMS message digest",
          ok: cms.messageDigest == directory.hashType.digest(directoryBytes)
            || cms.messageDigest == DigestAlgorithm.sha256.digest(directoryBytes),
          detail: "signed digest \(cms.messageDigest?.hex ?? "missing")"))
      findings.append(
        Finding(
          check: "CMS signature", ok: cms.verifies(content: directoryBytes),
          detail: chain.first ?? "no certificate"))
      if let certificatesHold = cms.certificatesVerify() {
        findings.append(
          Finding(
            check: "certificates", ok: certificatesHold,
            detail: "each certificate's signature against its issuer in the signature (or itself)"))
      }
    } else if !directory.isAdHoc {
      findings.append(
        Finding(
          check: "CMS signature", ok: false,
          detail: "the code directory is not ad hoc but no CMS signature is present"))
    }
    certificateChain = chain
    isTimestamped = timestamped
    hasStapledTicket = superblob[.ticket] != nil
    self.findings = findings
  }

  private static func digest(
    _ descriptor: FileDescriptor, from start: Int64, count: Int64, _ algorithm: DigestAlgorithm
  ) throws -> [UInt8] {
    let digest = IncrementalDigest(algorithm)
    var offset = start
    while offset < start + count {
      let chunk = try descriptor.read(
        at: offset, count: Int(min(Int64(1 << 20), start + count - offset)))
      guard !chunk.isEmpty else { break }
      chunk.withUnsafeBytes { digest.update($0) }
      offset += Int64(chunk.count)
    }
    return digest.finish()
  }

  private static func slot(
    _ directory: CodeDirectory, _ slot: Int, name: String, covers bytes: [UInt8]
  ) -> Finding {
    let computed = directory.hashType.digest(bytes)
    let stored = directory.specialDigests[slot]
    return Finding(
      check: name, ok: stored == computed,
      detail: "stored \(stored?.hex ?? "none"), computed \(computed.hex)")
  }
}
