import Digests
import SystemSupport

/// Builds the code directory blob (`0xfade0c02`) of a disk image's signature.
///
/// A DMG's code directory has one code slot, the SHA-256 of the image up to the end of its
/// property list (page size 0: "no paging"), and six special slots: 2 holds the digest of the
/// requirement set, 6 ("Rep Specific") the digest of the trailer as it was before signing, and
/// 1, 3, 4, 5 are zero. This is what Apple's `codesign` writes for images (`hashes=1+6`).
package struct CodeDirectoryBuilder: Sendable {
  // MARK: - Properties

  /// The signing identifier, such as `com.example.app` or the image's file name stem.
  package var identifier: String
  /// The team ID (version 0x20200 carries it); `nil` leaves the field at 0.
  package var teamIdentifier: String?
  /// The number of bytes the code digest covers (the signature's offset in the image).
  package var codeLimit: Int64
  /// The SHA-256 of those bytes.
  package var codeDigest: [UInt8]
  /// The special slots' digests by slot number (1…6); missing slots are zero.
  package var specialDigests: [Int: [UInt8]]
  /// `CS_*` flags; 0 for a Developer ID signed image.
  package var flags: UInt32 = 0

  /// `CSSLOT_REQUIREMENTS`.
  package static let requirementsSlot = 2
  /// `CSSLOT_REP_SPECIFIC`: the DMG's trailer.
  package static let representationSlot = 6
  /// The number of special slots a DMG's code directory has.
  static let specialSlotCount = 6
  static let magic: UInt32 = 0xFADE_0C02

  // MARK: - Lifecycle

  /// Describes a code directory.
  package init(
    identifier: String, teamIdentifier: String?, codeLimit: Int64, codeDigest: [UInt8],
    specialDigests: [Int: [UInt8]]
  ) {
    self.identifier = identifier
    self.teamIdentifier = teamIdentifier
    self.codeLimit = codeLimit
    self.codeDigest = codeDigest
    self.specialDigests = specialDigests
  }

  // MARK: - API

  /// The blob's bytes.
  ///
  /// Version 0x20200 (with the team ID) for images up to 4 GiB; past that, version 0x20300 whose
  /// `codeLimit64` holds the length and whose 32-bit `codeLimit` is 0xffffffff.
  package func bytes() -> [UInt8] {
    precondition(codeDigest.count == 32, "a SHA-256 code digest has 32 bytes")
    let isLarge = codeLimit > Int64(UInt32.max)
    let headerSize = isLarge ? 64 : 52
    let identifierBytes: [UInt8] = Array(identifier.utf8) + [0]
    let teamBytes: [UInt8] = teamIdentifier.map { Array($0.utf8) + [0] } ?? []
    let identifierOffset = headerSize
    let teamOffset = teamBytes.isEmpty ? 0 : identifierOffset + identifierBytes.count
    let hashOffset =
      identifierOffset + identifierBytes.count + teamBytes.count + 32 * Self.specialSlotCount
    let length = hashOffset + 32

    var writer = ByteWriter(capacity: length)
    writer.writeInteger(Self.magic)
    writer.writeInteger(UInt32(length))
    writer.writeInteger(UInt32(isLarge ? 0x20300 : 0x20200))
    writer.writeInteger(flags)
    writer.writeInteger(UInt32(hashOffset))
    writer.writeInteger(UInt32(identifierOffset))
    writer.writeInteger(UInt32(Self.specialSlotCount))
    writer.writeInteger(UInt32(1))  // nCodeSlots
    writer.writeInteger(isLarge ? UInt32.max : UInt32(codeLimit))
    writer.writeInteger(UInt8(32))  // hashSize
    writer.writeInteger(DigestAlgorithm.sha256.codeDirectoryHashType)
    writer.writeInteger(UInt8(0))  // platform
    writer.writeInteger(UInt8(0))  // pageSize: log2, 0 = one page over everything
    writer.writeInteger(UInt32(0))  // spare2
    writer.writeInteger(UInt32(0))  // scatterOffset
    writer.writeInteger(UInt32(teamOffset))
    if isLarge {
      writer.writeInteger(UInt32(0))  // spare3
      writer.writeInteger(UInt64(codeLimit))
    }
    writer.writeBytes(identifierBytes)
    writer.writeBytes(teamBytes)
    // Special slots are stored before the code slots, highest slot first.
    for slot in stride(from: Self.specialSlotCount, through: 1, by: -1) {
      let digest = specialDigests[slot] ?? []
      precondition(digest.isEmpty || digest.count == 32, "special slot digests have 32 bytes")
      writer.writeBytes(digest.isEmpty ? [UInt8](repeating: 0, count: 32) : digest)
    }
    writer.writeBytes(codeDigest)
    assert(writer.count == length)
    return writer.bytes
  }
}
