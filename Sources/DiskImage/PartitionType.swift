/// The type of the one volume partition in an image, as its GPT entry and blkx name give it.
package enum PartitionType: Sendable, Equatable {
  /// `Apple_HFS`, for an HFS+ volume.
  case hfs
  /// `Apple_APFS`, for an APFS container.
  case apfs

  /// The name hdiutil puts in the blkx table, such as `Apple_APFS`.
  package var name: String {
    switch self {
    case .hfs: "Apple_HFS"
    case .apfs: "Apple_APFS"
    }
  }

  /// The GPT type GUID, its first three fields little-endian as GPT stores them:
  /// `48465300-0000-11AA-AA11-00306543ECAC` for HFS+, `7C3457EF-0000-11AA-AA11-00306543ECAC`
  /// for APFS.
  var guid: [UInt8] {
    let first: [UInt8] =
      switch self {
      case .hfs: [0x00, 0x53, 0x46, 0x48]
      case .apfs: [0xEF, 0x57, 0x34, 0x7C]
      }
    return first + [0x00, 0x00, 0xAA, 0x11, 0xAA, 0x11, 0x00, 0x30, 0x65, 0x43, 0xEC, 0xAC]
  }
}
