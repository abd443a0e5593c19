import Digests
import SystemSupport

/// Reads and checks the embedded signature of every slice of a Mach-O file, offline: what
/// `app verify` runs on each Mach-O.
///
/// ```swift
/// let reader = try MachOSignatureReader(bytes: bytes, path: path)
/// for slice in reader.slices where !slice.isValid {
///   print(slice.architecture, slice.findings.filter { !$0.ok })
/// }
/// ```
///
/// Per slice: `LC_CODE_SIGNATURE` and the superblob it points at, the signature's place (it ends
/// `__LINKEDIT`, nothing after it), and for every code directory (slot 0 and the alternates from
/// 0x1000) that its code limit is `LC_CODE_SIGNATURE.dataoff` and that each page digest matches
/// the slice's bytes `[0, codeLimit)`; then the requirements and entitlements slots, the slots
/// whose content lies outside (Info.plist, CodeResources, or the slice's own
/// `__TEXT,__info_plist`), and the CMS signature over the slot-0 directory.
package struct MachOSignatureReader: Sendable {
  /// One slice's signature and what holds of it.
  package struct Slice: Sendable {
    /// The slice's architecture name.
    package let architecture: String
    /// The superblob, when the slice has a readable one.
    package let signature: EmbeddedSignature?
    /// The code directories, slot 0 first, then the alternates in slot order.
    package let codeDirectories: [CodeDirectory]
    /// Every check made, in order.
    package let findings: [SignatureFinding]
    /// The trust policy's verdict on the CMS certificates; `nil` without a CMS signature.
    package var trust: TrustEvaluation? = nil
    /// Whether the CMS carries an RFC 3161 timestamp token.
    package var isTimestamped = false

    /// Whether every check holds.
    package var isValid: Bool { findings.allSatisfy(\.ok) }
  }

  /// The slices, in the file's order.
  package let slices: [Slice]

  /// The code directory slots: 0 and the five alternates (`CSSLOT_ALTERNATE_CODEDIRECTORIES`).
  static let directorySlots: [UInt32] = [0] + Array(0x1000...0x1004)

  /// Reads and checks every slice of a Mach-O file.
  ///
  /// - Parameters:
  ///   - bytes: The file.
  ///   - path: Its path, named in errors.
  ///   - outside: Special slots whose content lies outside the signature (a bundle's
  ///     `Info.plist` in slot 1, its CodeResources in slot 3), checked against every directory.
  ///   - policy: Which roots a certificate chain may end at (Apple's, unless others are added).
  /// - Throws: ``MachOError`` when the file is not Mach-O or its structure is damaged; damage
  ///   inside a signature is a failing finding instead.
  package init(
    bytes: [UInt8], path: String, outside: [SignatureCheck.SlotContent] = [],
    policy: TrustPolicy = TrustPolicy()
  ) throws(MachOError) {
    let file = try MachOFile(bytes: bytes, path: path)
    slices = file.slices.map { Self.check($0.macho, outside: outside, policy: policy) }
  }

  /// Checks one slice.
  static func check(
    _ slice: MachOSlice, outside: [SignatureCheck.SlotContent], policy: TrustPolicy
  ) -> Slice {
    let architecture = slice.architecture
    guard let command = slice.codeSignature else {
      let finding = SignatureFinding(
        check: .signature, ok: false, detail: "the slice has no LC_CODE_SIGNATURE: not signed")
      return Slice(
        architecture: architecture, signature: nil, codeDirectories: [], findings: [finding])
    }
    var findings = [placementFinding(slice, command)]
    let signature: EmbeddedSignature
    var directories: [CodeDirectory] = []
    var trust: TrustEvaluation?
    var isTimestamped = false
    do {
      signature = try superblob(slice, command)
      for slot in directorySlots {
        if let blob = signature.blobs[slot] { directories.append(try CodeDirectory(blob)) }
      }
      guard let primary = directories.first else {
        throw SignatureError.malformed("no code directory in slot 0")
      }
      var slots = outside
      if let plist = slice.embeddedInfoPlist, !outside.contains(where: { $0.slot == 1 }) {
        slots.append(.init(slot: 1, name: "Info.plist (__TEXT,__info_plist)", bytes: plist))
      }
      for directory in directories {
        findings += codeFindings(directory, slice: slice, command: command)
        findings += slots.map {
          SignatureCheck.slot(
            directory, $0.slot, name: "\($0.name) (\(directory.hashType))", covers: $0.bytes)
        }
        findings += SignatureCheck.slotBlobFindings(signature, directory)
      }
      findings += SignatureCheck.unexpectedBlobFindings(
        signature, known: SignatureCheck.knownSlots.union(directorySlots))
      let signer = try SignatureCheck.signerFindings(signature, primary, policy: policy)
      findings += signer.findings
      (trust, isTimestamped) = (signer.trust, signer.isTimestamped)
    } catch {
      findings.append(SignatureFinding(check: .superblob, ok: false, detail: "\(error)"))
      return Slice(
        architecture: architecture, signature: nil, codeDirectories: directories,
        findings: findings)
    }
    return Slice(
      architecture: architecture, signature: signature, codeDirectories: directories,
      findings: findings, trust: trust, isTimestamped: isTimestamped)
  }

  /// The superblob at `dataoff`, as long as its own length says (the rest of `datasize` is
  /// padding).
  package static func superblob(_ slice: MachOSlice, _ command: MachOCodeSignatureCommand)
    throws(SignatureError) -> EmbeddedSignature
  {
    let reader = ByteReader(sharing: slice.bytes)
    guard let length = try? reader.getInteger(at: command.dataOffset + 4, as: UInt32.self),
      Int(length) <= command.dataSize,
      let bytes = try? reader.getBytes(at: command.dataOffset, count: Int(length))
    else {
      throw .malformed(
        "the superblob's length does not fit the \(command.dataSize) bytes LC_CODE_SIGNATURE reserves"
      )
    }
    return try EmbeddedSignature(Array(bytes))
  }

  /// The signature ends `__LINKEDIT`, and the slice ends with it.
  static func placementFinding(_ slice: MachOSlice, _ command: MachOCodeSignatureCommand)
    -> SignatureFinding
  {
    let linkeditEnd = slice.segment(named: MachOSegment.linkeditName)?.fileEnd
    return SignatureFinding(
      check: .signaturePlacement,
      ok: linkeditEnd == command.dataEnd && slice.bytes.count == command.dataEnd,
      detail: "signature [\(command.dataOffset), \(command.dataEnd)), __LINKEDIT ends at "
        + "\(linkeditEnd.map(String.init) ?? "none"), the slice at \(slice.bytes.count)")
  }

  /// The directory's code limit is `dataoff`, and each page digest matches the slice's bytes.
  static func codeFindings(
    _ directory: CodeDirectory, slice: MachOSlice, command: MachOCodeSignatureCommand
  ) -> [SignatureFinding] {
    let name = "\(directory.hashType)"
    let limitFinding = SignatureFinding(
      check: .codeLimit(hash: name), ok: directory.codeLimit == Int64(command.dataOffset),
      detail: "code limit \(directory.codeLimit), LC_CODE_SIGNATURE.dataoff \(command.dataOffset)")
    let mismatch = firstMismatchedPage(directory, code: slice.bytes)
    let digestFinding = SignatureFinding(
      check: .codeDigest(hash: name), ok: mismatch == nil,
      detail: mismatch.map { "page \($0) does not match its digest" }
        ?? "\(directory.codeDigests.count) page digests over [0, \(directory.codeLimit))")
    return [limitFinding, digestFinding]
  }

  /// The first page whose digest does not hold (the page count itself counts as page 0 when
  /// it does not match the code limit); `nil` when all hold.
  static func firstMismatchedPage(_ directory: CodeDirectory, code: ArraySlice<UInt8>) -> Int? {
    let limit = directory.codeLimit
    guard limit >= 0, limit <= Int64(code.count), directory.pageSize > 0 else { return 0 }
    let pageSize = directory.pageSize
    let limitInt = Int(limit)
    guard directory.codeDigests.count == (limitInt + pageSize - 1) / pageSize else { return 0 }
    let start = code.startIndex
    for (index, stored) in directory.codeDigests.enumerated() {
      let from = start + index * pageSize
      let page = code[from..<(start + min(limitInt, (index + 1) * pageSize))]
      if directory.hashType.digest(page).prefix(directory.hashSize) != stored[...] { return index }
    }
    return nil
  }
}
