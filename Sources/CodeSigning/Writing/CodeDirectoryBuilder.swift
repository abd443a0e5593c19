package import Digests
import SystemSupport

/// Builds a code directory blob (`0xfade0c02`): a disk image's, or one of a Mach-O slice's.
///
/// The version is the lowest that holds the fields in use (Apple's `codedirectory.cpp` does the
/// same): 0x20100 (no team ID: an ad hoc disk image), 0x20200 (team ID), 0x20300 (`codeLimit64`, for code past 4 GiB), 0x20400 (the
/// executable segment), 0x20500 (the hardened runtime's SDK version). After the header come the
/// identifier and team ID, NUL-terminated, then the special slots' digests from the highest slot
/// down to slot 1 (absent ones zero), then the code slots' digests.
///
/// A DMG's code directory (``init(identifier:teamIdentifier:codeLimit:codeDigest:specialDigests:)``)
/// has one code slot, the SHA-256 of the image up to the end of its property list (page size 0:
/// "no paging"), and six special slots: 2 holds the digest of the requirement set, 6 ("Rep
/// Specific") the digest of the trailer as it was before signing, and 1, 3, 4, 5 are zero. This is
/// what Apple's `codesign` writes for images (`hashes=1+6`).
package struct CodeDirectoryBuilder: Sendable {
  /// The executable segment fields of version 0x20400.
  package struct ExecutableSegment: Sendable, Equatable {
    /// `execSegBase`: the segment's file offset.
    package var base: UInt64
    /// `execSegLimit`: the segment's size.
    package var limit: UInt64
    /// `execSegFlags` (`CS_EXECSEG_*`: 0x1 main binary, entitlement-driven bits).
    package var flags: UInt64

    /// Describes an executable segment.
    package init(base: UInt64, limit: UInt64, flags: UInt64) {
      self.base = base
      self.limit = limit
      self.flags = flags
    }
  }

  // MARK: - Properties

  /// The signing identifier, such as `com.example.app` or the image's file name stem.
  package var identifier: String
  /// The team ID (version 0x20200 carries it); `nil` leaves the field at 0.
  package var teamIdentifier: String?
  /// The digest algorithm of every slot, and the blob's `hashType`.
  package var hashType: DigestAlgorithm
  /// The number of bytes the code slots cover.
  package var codeLimit: Int64
  /// The code slots' digests, page by page (one for a DMG).
  package var codeDigests: [[UInt8]]
  /// The page size as a power of two (12 for 4096 bytes); 0 for one digest over everything.
  package var pageSizeLog2: UInt8
  /// The special slots' digests by slot number; missing slots are zero.
  package var specialDigests: [Int: [UInt8]]
  /// How many special slots the blob has (`nSpecialSlots`): at least the highest one present.
  package var specialSlotCount: Int
  /// `CS_*` flags: 0x2 ad hoc, 0x10000 hardened runtime; 0 for a Developer ID signed image.
  package var flags: UInt32 = 0
  /// The executable segment (version 0x20400); `nil` for a DMG.
  package var executableSegment: ExecutableSegment?
  /// The hardened runtime's SDK version (version 0x20500), nibbles `xxxx.yy.zz`.
  package var runtimeVersion: UInt32?

  /// `CSSLOT_INFOSLOT`: the bundle's Info.plist.
  package static let infoSlot = 1
  /// `CSSLOT_REQUIREMENTS`.
  package static let requirementsSlot = 2
  /// `CSSLOT_RESOURCEDIR`: the bundle's CodeResources.
  package static let resourcesSlot = 3
  /// `CSSLOT_ENTITLEMENTS`: the XML entitlements blob.
  package static let entitlementsSlot = 5
  /// `CSSLOT_REP_SPECIFIC`: the DMG's trailer.
  package static let representationSlot = 6
  /// `CSSLOT_DER_ENTITLEMENTS`: the DER entitlements blob.
  package static let derEntitlementsSlot = 7
  /// The number of special slots a DMG's code directory has.
  static let diskImageSpecialSlotCount = 6
  static let magic: UInt32 = 0xFADE_0C02

  // MARK: - Lifecycle

  /// Describes a code directory.
  package init(
    identifier: String, teamIdentifier: String?, hashType: DigestAlgorithm, codeLimit: Int64,
    codeDigests: [[UInt8]], pageSizeLog2: UInt8, specialDigests: [Int: [UInt8]],
    specialSlotCount: Int
  ) {
    self.identifier = identifier
    self.teamIdentifier = teamIdentifier
    self.hashType = hashType
    self.codeLimit = codeLimit
    self.codeDigests = codeDigests
    self.pageSizeLog2 = pageSizeLog2
    self.specialDigests = specialDigests
    self.specialSlotCount = max(specialSlotCount, specialDigests.keys.max() ?? 0)
  }

  /// Describes a disk image's code directory: SHA-256, one code slot over the first `codeLimit`
  /// bytes, six special slots.
  package init(
    identifier: String, teamIdentifier: String?, codeLimit: Int64, codeDigest: [UInt8],
    specialDigests: [Int: [UInt8]]
  ) {
    self.init(
      identifier: identifier, teamIdentifier: teamIdentifier, hashType: .sha256,
      codeLimit: codeLimit, codeDigests: [codeDigest], pageSizeLog2: 0,
      specialDigests: specialDigests, specialSlotCount: Self.diskImageSpecialSlotCount)
  }

  // MARK: - API

  /// The version: the lowest that holds the fields in use.
  package var version: UInt32 {
    if runtimeVersion != nil { return 0x20500 }
    if executableSegment != nil { return 0x20400 }
    if codeLimit > Int64(UInt32.max) { return 0x20300 }
    return teamIdentifier == nil ? 0x20100 : 0x20200
  }

  /// The blob's size in bytes, known before any digest is.
  package var size: Int {
    Self.headerSize(version: version) + identifier.utf8.count + 1
      + (teamIdentifier.map { $0.utf8.count + 1 } ?? 0)
      + hashType.length * (specialSlotCount + codeDigests.count)
  }

  /// The blob's bytes.
  ///
  /// Past 4 GiB of code, the 32-bit `codeLimit` is 0xffffffff and `codeLimit64` holds the
  /// length (0 otherwise).
  package func bytes() -> [UInt8] {
    let hashSize = hashType.length
    precondition(codeDigests.allSatisfy { $0.count == hashSize }, "code digests of \(hashType)")
    let version = version
    let isLarge = codeLimit > Int64(UInt32.max)
    let identifierBytes: [UInt8] = Array(identifier.utf8) + [0]
    let teamBytes: [UInt8] = teamIdentifier.map { Array($0.utf8) + [0] } ?? []
    let identifierOffset = Self.headerSize(version: version)
    let teamOffset = teamBytes.isEmpty ? 0 : identifierOffset + identifierBytes.count
    let hashOffset =
      identifierOffset + identifierBytes.count + teamBytes.count + hashSize * specialSlotCount
    let length = size

    var writer = ByteWriter(capacity: length)
    writer.writeInteger(Self.magic)
    writer.writeInteger(UInt32(length))
    writer.writeInteger(version)
    writer.writeInteger(flags)
    writer.writeInteger(UInt32(hashOffset))
    writer.writeInteger(UInt32(identifierOffset))
    writer.writeInteger(UInt32(specialSlotCount))
    writer.writeInteger(UInt32(codeDigests.count))
    writer.writeInteger(isLarge ? UInt32.max : UInt32(codeLimit))
    writer.writeInteger(UInt8(hashSize))
    writer.writeInteger(hashType.codeDirectoryHashType)
    writer.writeInteger(UInt8(0))  // platform
    writer.writeInteger(pageSizeLog2)
    writer.writeInteger(UInt32(0))  // spare2
    writer.writeInteger(UInt32(0))  // scatterOffset
    if version >= 0x20200 { writer.writeInteger(UInt32(teamOffset)) }
    if version >= 0x20300 {
      writer.writeInteger(UInt32(0))  // spare3
      writer.writeInteger(isLarge ? UInt64(codeLimit) : 0)
    }
    if version >= 0x20400 {
      writer.writeInteger(executableSegment?.base ?? 0)
      writer.writeInteger(executableSegment?.limit ?? 0)
      writer.writeInteger(executableSegment?.flags ?? 0)
    }
    if version >= 0x20500 {
      writer.writeInteger(runtimeVersion ?? 0)
      writer.writeInteger(UInt32(0))  // preEncryptOffset
    }
    writer.writeBytes(identifierBytes)
    writer.writeBytes(teamBytes)
    // Special slots are stored before the code slots, highest slot first.
    for slot in stride(from: specialSlotCount, through: 1, by: -1) {
      let digest = specialDigests[slot] ?? []
      precondition(
        digest.isEmpty || digest.count == hashSize, "special slot digests of \(hashType)")
      writer.writeBytes(digest.isEmpty ? [UInt8](repeating: 0, count: hashSize) : digest)
    }
    for digest in codeDigests { writer.writeBytes(digest) }
    assert(writer.count == length)
    return writer.bytes
  }

  /// Where the identifier starts: the header's size for `version`.
  static func headerSize(version: UInt32) -> Int {
    switch version {
    case 0x20500...: 0x60
    case 0x20400..<0x20500: 0x58
    case 0x20300..<0x20400: 0x40
    case 0x20200..<0x20300: 0x34
    default: 0x30
    }
  }
}
