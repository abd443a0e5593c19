import Digests

extension MachOSignatureBuilder {
  /// The CS_* flag of ad hoc code (`CS_ADHOC`).
  static let adHocFlag: UInt32 = 0x2
  /// The CS_* flag of the hardened runtime (`CS_RUNTIME`).
  static let runtimeFlag: UInt32 = 0x1_0000
  /// The exec-segment flag of a main executable (`CS_EXECSEG_MAIN_BINARY`).
  static let mainBinaryFlag: UInt64 = 0x1

  /// The code directories' hash types in slot order: SHA-1 (slot 0) then SHA-256 (0x1000) when
  /// the slice's minimum macOS needs it, else SHA-256 alone.
  static func hashTypes(_ facts: MachOCodeFacts) -> [DigestAlgorithm] {
    facts.needsSHA1 ? [.sha1, .sha256] : [.sha256]
  }

  /// How many pages the code has: the last one may be short.
  static func codeSlotCount(_ facts: MachOCodeFacts) -> Int {
    let pageSize = max(facts.pageSize, 1)
    return (facts.codeLimit + pageSize - 1) / pageSize
  }

  /// The code directory blobs of `code`, in slot order.
  func codeDirectories(code: SliceCode, facts: MachOCodeFacts) -> [[UInt8]] {
    let blobs = specialBlobs(isMainExecutable: facts.isMainExecutable)
    return Self.hashTypes(facts).map { hashType in
      var digests: [Int: [UInt8]] = [:]
      digests[CodeDirectoryBuilder.infoSlot] = request.infoPlist.map { hashType.digest($0) }
      digests[CodeDirectoryBuilder.resourcesSlot] = request.codeResources.map {
        hashType.digest($0)
      }
      for (slot, blob) in blobs { digests[Int(slot)] = hashType.digest(blob) }
      return directory(
        hashType: hashType, facts: facts,
        codeDigests: code.pageDigests(pageSize: facts.pageSize, hashType: hashType),
        specialDigests: digests, specialSlotCount: specialSlotCount(blobs)
      ).bytes()
    }
  }

  /// The number of special slots: the highest present (the requirements' 2 at least).
  func specialSlotCount(_ blobs: [UInt32: [UInt8]]) -> Int {
    var highest = Int(blobs.keys.max() ?? 0)
    if request.codeResources != nil { highest = max(highest, CodeDirectoryBuilder.resourcesSlot) }
    if request.infoPlist != nil { highest = max(highest, CodeDirectoryBuilder.infoSlot) }
    return highest
  }

  /// The team ID every code directory carries: the certificate's OU; none ad hoc.
  var teamIdentifier: String? {
    guard let team = request.identity?.teamIdentifier, !team.isEmpty else { return nil }
    return team
  }

  /// A code directory of this request for a slice with `facts`.
  func directory(
    hashType: DigestAlgorithm, facts: MachOCodeFacts, codeDigests: [[UInt8]],
    specialDigests: [Int: [UInt8]], specialSlotCount: Int
  ) -> CodeDirectoryBuilder {
    var builder = CodeDirectoryBuilder(
      identifier: request.identifier, teamIdentifier: teamIdentifier,
      hashType: hashType, codeLimit: Int64(facts.codeLimit), codeDigests: codeDigests,
      pageSizeLog2: UInt8(facts.pageSize.trailingZeroBitCount), specialDigests: specialDigests,
      specialSlotCount: specialSlotCount)
    builder.flags =
      (request.identity == nil ? Self.adHocFlag : 0)
      | (request.hardenedRuntime ? Self.runtimeFlag : 0)
    var segmentFlags: UInt64 = 0
    if facts.isMainExecutable {
      segmentFlags = Self.mainBinaryFlag | (entitlements?.executableSegmentFlags ?? 0)
    }
    builder.executableSegment = .init(
      base: facts.executableSegmentBase, limit: facts.executableSegmentLimit, flags: segmentFlags)
    if request.hardenedRuntime { builder.runtimeVersion = facts.sdkVersion ?? 0 }
    return builder
  }
}
