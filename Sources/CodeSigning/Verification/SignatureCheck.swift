package import Digests
package import SystemSupport

/// Checks an embedded signature against the code it covers, offline, as `codesign --verify` does
/// for what every code signature holds: the code digests recomputed page by page, the special
/// slots, the blobs the superblob may hold, and the CMS signature with its certificates, whose
/// chain must end at a root of the ``TrustPolicy`` (Apple's, unless others are added).
///
/// ```swift
/// let check = try SignatureCheck(
///   signature, code: descriptor, fileSize: size,
///   outside: [.init(slot: 6, name: "trailer (Rep Specific slot)", bytes: trailer)])
/// let holds = check.findings.allSatisfy(\.ok)
/// ```
///
/// What a container adds (a disk image's trailer and layout, a Mach-O slice's load commands) is
/// checked by its own type, which passes the content of the special slots it knows in `outside`.
package struct SignatureCheck: Sendable {
  /// The content of a special slot that lives outside the signature (a disk image's trailer, a
  /// bundle's `Info.plist`), to check against the code directory's digest of it.
  package struct SlotContent: Sendable {
    /// The special slot's number (1 = Info, 3 = Resources, 6 = Rep Specific, …).
    package let slot: Int
    /// The finding's name, such as `trailer (Rep Specific slot)`.
    package let name: String
    /// The bytes the slot's digest covers.
    package let bytes: [UInt8]

    /// Names the content of a slot.
    package init(slot: Int, name: String, bytes: [UInt8]) {
      self.slot = slot
      self.name = name
      self.bytes = bytes
    }
  }

  /// The blobs a signature checked here may hold: code directory, requirements, entitlements,
  /// DER entitlements, CMS signature and notarization ticket.
  package static let knownSlots: Set<UInt32> = [0, 2, 5, 7, 0x10000, 0x10002]

  /// The code directory.
  package let directory: CodeDirectory
  /// The CMS certificates' subjects, signer first.
  package let certificateChain: [String]
  /// The trust policy's verdict on the CMS certificates, `nil` without a CMS signature.
  package let trust: TrustEvaluation?
  /// Whether the CMS signature carries a timestamp.
  package let isTimestamped: Bool
  /// Whether a notarization ticket is stapled.
  package let hasStapledTicket: Bool
  /// Every check made, in order: code digest, the `outside` slots, the blob slots, unexpected
  /// blobs, then the CMS signature's (message digest, signature, certificates, timestamp,
  /// certificate chain).
  package let findings: [SignatureFinding]

  /// Checks `signature` against the code in `code`, which starts at the file's first byte.
  ///
  /// - Parameters:
  ///   - signature: The superblob.
  ///   - code: The file the code directory covers.
  ///   - fileSize: The file's size: a code limit past it fails the code digest.
  ///   - outside: The special slots whose content is not a blob of the signature.
  ///   - policy: The roots the CMS certificates must chain to.
  ///   - known: Digests of the file's first bytes taken already, in the same pass as another
  ///     read of it (``SequentialDigest``): a page they cover is not read again.
  /// - Throws: ``SignatureError`` when the superblob has no code directory or a damaged one, or
  ///   the signature slot holds no CMS wrapper; `code`'s read errors.
  package init(
    _ signature: EmbeddedSignature, code: FileDescriptor, fileSize: Int64,
    outside: [SlotContent] = [], policy: TrustPolicy = TrustPolicy(), known: [FileDigest] = []
  ) throws {
    guard let directoryBytes = signature[.codeDirectory] else {
      throw SignatureError.malformed("no code directory")
    }
    let directory = try CodeDirectory(directoryBytes)
    self.directory = directory
    var findings = [
      try Self.codeDigestFinding(directory, code: code, fileSize: fileSize, known: known)
    ]
    findings += outside.map { Self.slot(directory, $0.slot, name: $0.name, covers: $0.bytes) }
    findings += Self.blobFindings(signature, directory)
    let signer = try Self.signerFindings(signature, directory, policy: policy)
    findings += signer.findings
    certificateChain = signer.chain
    isTimestamped = signer.isTimestamped
    trust = signer.trust
    hasStapledTicket = signature[.ticket] != nil
    self.findings = findings
  }

  /// The CMS signature of `signature`, checked over `directory` (the one in slot 0).
  ///
  /// An ad hoc directory needs none; any other without one fails "CMS signature".
  ///
  /// - Returns: The findings, the certificates' subjects (signer first) and whether the
  ///   signature is timestamped.
  ///
  /// - Throws: ``SignatureError`` when the signature slot holds no CMS wrapper or a damaged CMS.
  package static func signerFindings(
    _ signature: EmbeddedSignature, _ directory: CodeDirectory, policy: TrustPolicy
  ) throws -> (
    findings: [SignatureFinding], chain: [String], isTimestamped: Bool, trust: TrustEvaluation?
  ) {
    guard let blob = signature[.signature], blob.count > 8 else {
      guard !directory.isAdHoc else { return ([], [], false, nil) }
      let missing = SignatureFinding(
        check: .cmsSignature, ok: false,
        detail: "the code directory is not ad hoc but no CMS signature is present")
      return ([missing], [], false, nil)
    }
    guard blob.prefix(4).elementsEqual([0xFA, 0xDE, 0x0B, 0x01]) else {
      throw SignatureError.malformed("the signature slot holds no CMS wrapper blob (0xfade0b01)")
    }
    let cms = try CMSSignature(encoded: Array(blob[8...]))
    let chain = cms.certificates.map(\.subject)
    let judged = trustFindings(cms, policy: policy)
    return (
      cmsFindings(cms, directory, chain: chain) + judged.findings, chain, cms.isTimestamped,
      judged.evaluation
    )
  }

  /// The code: one digest per page of the code directory, up to the code limit.
  static func codeDigestFinding(
    _ directory: CodeDirectory, code: FileDescriptor, fileSize: Int64, known: [FileDigest] = []
  ) throws -> SignatureFinding {
    let pageSize = directory.pageSize == 0 ? Int64(directory.codeLimit) : Int64(directory.pageSize)
    // A damaged code limit can be anything: compare it with the file before any arithmetic.
    var digestsMatch =
      directory.codeLimit >= 0 && directory.codeLimit <= fileSize && pageSize > 0
      && Int64(directory.codeDigests.count)
        == directory.codeLimit / pageSize + (directory.codeLimit % pageSize == 0 ? 0 : 1)
    for (index, stored) in directory.codeDigests.enumerated() where digestsMatch {
      let start = Int64(index) * pageSize
      let count = min(pageSize, directory.codeLimit - start)
      let taken = known.first {
        start == 0 && $0.byteCount == count && $0.algorithm == directory.hashType
      }
      let computed =
        try taken
        ?? FileDigest(
          of: code, from: start, count: count, algorithm: directory.hashType)
      digestsMatch = computed.value == stored
    }
    return SignatureFinding(
      check: .codeDigest(hash: nil), ok: digestsMatch,
      detail: "\(directory.codeDigests.count) \(directory.hashType) digest(s) over the image")
  }

  /// Requirements (2), entitlements (5) and DER entitlements (7): a non-zero digest needs its
  /// blob, and a blob needs its digest; then any blob in a slot no signature uses.
  static func blobFindings(_ signature: EmbeddedSignature, _ directory: CodeDirectory)
    -> [SignatureFinding]
  {
    slotBlobFindings(signature, directory) + unexpectedBlobFindings(signature, known: knownSlots)
  }

  /// Requirements (2), entitlements (5) and DER entitlements (7) of `directory`: a non-zero
  /// digest needs its blob in `signature`, and a blob needs its digest.
  package static func slotBlobFindings(_ signature: EmbeddedSignature, _ directory: CodeDirectory)
    -> [SignatureFinding]
  {
    var findings: [SignatureFinding] = []
    for (slot, name) in [(2, "requirements"), (5, "entitlements"), (7, "DER entitlements")] {
      let blob = signature.blobs[UInt32(slot)]
      let digest = directory.specialDigests[slot]
      let isEmpty = digest.map { $0.allSatisfy { $0 == 0 } } ?? true
      if let blob {
        findings.append(Self.slot(directory, slot, name: "\(name) slot", covers: blob))
      } else if !isEmpty {
        findings.append(
          SignatureFinding(
            check: .specialSlot(number: slot, name: "\(name) slot"), ok: false,
            detail: "the code directory has a digest but the signature no blob"))
      }
    }
    return findings
  }

  /// A failing finding for each blob of `signature` in a slot outside `known`.
  package static func unexpectedBlobFindings(_ signature: EmbeddedSignature, known: Set<UInt32>)
    -> [SignatureFinding]
  {
    signature.blobs.keys.sorted().filter { !known.contains($0) }.map {
      SignatureFinding(
        check: .superblob, ok: false, detail: "unexpected blob in slot 0x\(String($0, radix: 16))")
    }
  }

  /// The CMS signature: its message digest names the code directory, it verifies over the code
  /// directory's bytes, and every certificate it carries over its issuer's key (a carried copy of
  /// a root included, which the chain's trust, ``trustFindings(_:policy:)``, takes from the
  /// policy's anchors instead).
  static func cmsFindings(_ cms: CMSSignature, _ directory: CodeDirectory, chain: [String])
    -> [SignatureFinding]
  {
    cmsFindings(
      cms, content: directory.bytes,
      digests: [
        directory.hashType.digest(directory.bytes), DigestAlgorithm.sha256.digest(directory.bytes),
      ], chain: chain)
  }

  /// The CMS signature over `content`, whatever it is (a code directory, an installer
  /// package's table digest): its message digest is one of `digests`, it verifies over
  /// `content`, and every certificate it carries verifies over its issuer's key.
  static func cmsFindings(
    _ cms: CMSSignature, content: [UInt8], digests: [[UInt8]], chain: [String]
  ) -> [SignatureFinding] {
    var findings = [
      SignatureFinding(
        check: .cmsMessageDigest, ok: cms.messageDigest.map(digests.contains) ?? false,
        detail: "signed digest \(cms.messageDigest?.hex ?? "missing")"),
      SignatureFinding(
        check: .cmsSignature, ok: cms.verifies(content: content),
        detail: chain.first ?? "no certificate"),
    ]
    if let certificatesHold = cms.certificatesVerify() {
      findings.append(
        SignatureFinding(
          check: .certificates, ok: certificatesHold,
          detail: "each certificate's signature against its issuer in the signature (or itself)"))
    }
    return findings
  }

  /// Whether the code directory's digest of `slot` is the digest of `bytes`.
  package static func slot(
    _ directory: CodeDirectory, _ slot: Int, name: String, covers bytes: [UInt8]
  )
    -> SignatureFinding
  {
    let computed = directory.hashType.digest(bytes)
    let stored = directory.specialDigests[slot]
    return SignatureFinding(
      check: .specialSlot(number: slot, name: name), ok: stored == computed,
      detail: "stored \(stored?.hex ?? "none"), computed \(computed.hex)")
  }
}
