import Digests

/// Builds the embedded signature of one Mach-O slice: its code directories, requirement set,
/// entitlements blobs and CMS signature, in a superblob for `LC_CODE_SIGNATURE` to point at.
///
/// The Mach-O layer places the signature (``estimatedSize(facts:)`` says how much room to
/// reserve in `__LINKEDIT` before hashing), then passes the bytes the signature covers:
///
/// ```swift
/// let builder = try MachOSignatureBuilder(request: request)
/// let room = builder.estimatedSize(facts: facts)   // reserve, rewrite the load commands…
/// let signature = try await builder.signature(
///   code: SliceCode(slice[0..<facts.codeLimit]), facts: facts)
/// ```
///
/// With an identity: SHA-256 code directory (a SHA-1 one first when ``MachOCodeFacts/needsSHA1``),
/// team ID, the designated requirement (the Developer ID form when the certificate names a team,
/// else `certificate root = H"…"`), a CMS signature with the cdhash attributes and, when the
/// request has a timestamper, an RFC 3161 token. Ad hoc (no identity): flag 0x2, no team, an
/// empty requirement set and an empty CMS wrapper.
package struct MachOSignatureBuilder: Sendable {
  // MARK: - Properties

  /// What to sign the code as.
  package let request: CodeSigningRequest
  /// The request's entitlements, read and encoded; `nil` when it has none.
  package let entitlements: Entitlements?
  /// The designated requirement; `nil` for ad hoc code.
  package let designatedRequirement: RequirementExpression?
  /// The requirement set blob (slot 2).
  let requirements: [UInt8]

  /// The room a CMS signature takes besides its certificates: attributes, signer info, a
  /// signature of up to 4096-bit RSA, the wrapper.
  static let signatureOverhead = 4096
  /// The room an RFC 3161 token takes (the authority's signature and certificates).
  static let timestampAllowance = 8192

  // MARK: - Lifecycle

  /// Prepares a request for signing: reads its entitlements and checks its identity.
  ///
  /// - Throws: ``CodeSigningError/invalidEntitlements(_:)`` naming the line or key path at
  ///   fault; ``CodeSigningError/certificateNotValidNow(subject:notBefore:notAfter:)`` when the
  ///   certificate is not valid at the request's signing time.
  package init(request: CodeSigningRequest) throws(CodeSigningError) {
    self.request = request
    do {
      entitlements = try request.entitlementsXML.map { xml throws(EntitlementsError) in
        try Entitlements(xml: xml)
      }
    } catch {
      throw .invalidEntitlements(error)
    }
    if let identity = request.identity {
      try identity.checkValidity(at: request.signingTime)
      if let team = identity.teamIdentifier, !team.isEmpty {
        designatedRequirement = .developerID(identifier: request.identifier, teamIdentifier: team)
      } else {
        let root = identity.certificatesDER.last ?? []
        designatedRequirement = .rootCertificate(
          identifier: request.identifier, rootSHA1: DigestAlgorithm.sha1.digest(root))
      }
    } else {
      designatedRequirement = nil
    }
    requirements = RequirementSet(designated: designatedRequirement).bytes()
  }

  // MARK: - API

  /// An upper bound of the superblob's size for a slice with `facts`, rounded up to 1 KiB: the
  /// exact size of every blob but the CMS signature, whose room is its certificates plus a
  /// fixed allowance (and one for the timestamp token).
  package func estimatedSize(facts: MachOCodeFacts) -> Int {
    let specialBlobs = specialBlobs(isMainExecutable: facts.isMainExecutable)
    let slotCount = Self.codeSlotCount(facts)
    let directories = Self.hashTypes(facts).map { hashType in
      directory(
        hashType: hashType, facts: facts, codeDigests: Array(repeating: [], count: slotCount),
        specialDigests: [:], specialSlotCount: specialSlotCount(specialBlobs)
      ).size
    }
    var signature = 8
    if let identity = request.identity {
      signature += Self.signatureOverhead + identity.certificatesDER.reduce(0) { $0 + $1.count }
      if request.timestamper != nil { signature += Self.timestampAllowance }
    }
    let blobCount = directories.count + specialBlobs.count + 1
    let total =
      12 + 8 * blobCount + directories.reduce(0, +)
      + specialBlobs.values.reduce(0) { $0 + $1.count } + signature
    return (total + 1023) / 1024 * 1024
  }

  /// Signs the bytes `[0, facts.codeLimit)` of a prepared slice.
  ///
  /// - Parameters:
  ///   - code: Exactly the slice's first `facts.codeLimit` bytes, with the signature's load
  ///     command and `__LINKEDIT` sizes already rewritten.
  ///   - facts: What the slice's layout says.
  /// - Returns: The superblob, the code directories in slot order, the cdhash and the
  ///   designated requirement as text.
  /// - Throws: ``CodeSigningError/invalidCodeLayout(_:)`` when `code` is not `facts.codeLimit`
  ///   bytes or the page size is not 4096 or 16384; OpenSSL's or the time-stamp authority's
  ///   failures.
  package func signature(code: SliceCode, facts: MachOCodeFacts)
    async throws(CodeSigningError) -> MachOSignature
  {
    guard code.count == facts.codeLimit else {
      throw .invalidCodeLayout(
        "\(code.count) bytes of code were passed for a code limit of \(facts.codeLimit)")
    }
    guard facts.pageSize == 4096 || facts.pageSize == 16384 else {
      throw .invalidCodeLayout("page size \(facts.pageSize) (only 4096 and 16384 are safe)")
    }
    let directories = codeDirectories(code: code, facts: facts)
    var blobs = specialBlobs(isMainExecutable: facts.isMainExecutable)
    blobs[SuperBlobBuilder.codeDirectorySlot] = directories[0]
    if directories.count > 1 { blobs[SuperBlobBuilder.alternateCodeDirectorySlot] = directories[1] }
    blobs[SuperBlobBuilder.signatureSlot] = SuperBlobBuilder.wrapper(
      try await cmsSignature(directories: directories))
    let sha256Directory = directories.last ?? []
    let designated =
      designatedRequirement?.description
      ?? Self.adHocRequirement(directories: directories).description
    return MachOSignature(
      superblob: SuperBlobBuilder(blobs: blobs).bytes(), codeDirectories: directories,
      cdhash: DigestAlgorithm.sha256.digest(sha256Directory), designatedRequirement: designated)
  }

  // MARK: - Blobs

  /// The CMS signature over the code directories; empty (ad hoc) without an identity.
  private func cmsSignature(directories: [[UInt8]]) async throws(CodeSigningError) -> [UInt8] {
    guard let identity = request.identity else { return [] }
    let cms = try CMSSignatureBuilder(identity: identity).sign(
      codeDirectories: directories, signingTime: request.signingTime)
    guard let timestamper = request.timestamper else { return cms }
    do {
      return try await CMSSignatureBuilder.addingTimestamp(using: timestamper, to: cms)
    } catch let error as CodeSigningError {
      throw error
    } catch {
      throw .timestampFailed("the time-stamp authority could not be reached: \(error)")
    }
  }

  /// The superblob's blobs besides the code directories and the CMS: the requirement set and
  /// the entitlements (XML always, DER for a main executable), by slot.
  func specialBlobs(isMainExecutable: Bool) -> [UInt32: [UInt8]] {
    var blobs: [UInt32: [UInt8]] = [SuperBlobBuilder.requirementsSlot: requirements]
    if let entitlements {
      blobs[SuperBlobBuilder.entitlementsSlot] = SuperBlobBuilder.blob(
        magic: 0xFADE_7171, entitlements.xml)
      if isMainExecutable {
        blobs[SuperBlobBuilder.derEntitlementsSlot] = SuperBlobBuilder.blob(
          magic: 0xFADE_7172, entitlements.der)
      }
    }
    return blobs
  }

  /// The requirement an ad hoc signature stands for: its code directories' hashes (the 20-byte
  /// form), any of them.
  static func adHocRequirement(directories: [[UInt8]]) -> RequirementExpression {
    let hashes = directories.map { directory -> RequirementExpression in
      let algorithm = DigestAlgorithm(codeDirectoryHashType: directory[37]) ?? .sha256
      return .cdhash(Array(algorithm.digest(directory).prefix(20)))
    }
    return hashes.dropFirst().reduce(hashes[0]) { .or($0, $1) }
  }
}
