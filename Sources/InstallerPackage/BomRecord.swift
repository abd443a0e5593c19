/// One path of a bill of materials as ``BomReader`` reads it: its path rebuilt from its
/// parents, and its record's fields, as `lsbom` lists them.
package struct BomRecord: Sendable, Equatable {
  /// What the path is, by its record's type.
  package enum Kind: Sendable, Equatable {
    /// A regular file (type 1).
    case file
    /// A folder (type 2).
    case folder
    /// A symbolic link to `target` (type 3).
    case symbolicLink(target: String)
    /// A device (type 4) of this device number.
    case device(number: UInt32)
  }

  /// One architecture of a universal Mach-O file, as Apple's `mkbom` records it after the
  /// file's own checksum.
  package struct Slice: Sendable, Equatable {
    /// The CPU type (`CPU_TYPE_ARM64` is 0x0100000C).
    package var cpuType: UInt32
    /// The CPU subtype.
    package var cpuSubtype: UInt32
    /// The slice's bytes.
    package var size: UInt32
    /// The slice's POSIX `cksum`.
    package var checksum: UInt32

    /// Makes a slice's description.
    package init(cpuType: UInt32, cpuSubtype: UInt32, size: UInt32, checksum: UInt32) {
      self.cpuType = cpuType
      self.cpuSubtype = cpuSubtype
      self.size = size
      self.checksum = checksum
    }
  }

  /// The path, such as `.` or `./Demo.app/Contents`.
  package var path: String
  /// What it is.
  package var kind: Kind
  /// The type bits and permissions, as `st_mode` holds them.
  package var mode: UInt16
  /// The owner's user ID.
  package var userID: UInt32
  /// The owner's group ID.
  package var groupID: UInt32
  /// The modification time, in seconds since 1970.
  package var modificationTime: Int64
  /// A file's bytes (from `Size64` past 4 GiB), a link's target length, a folder's size.
  package var size: Int64
  /// The POSIX `cksum` of a file's bytes or a link's target; 0 for a folder.
  package var checksum: UInt32
  /// The record's architecture field: 15 for ordinary paths, 0x200F for universal Mach-O
  /// files, 1 for Apple's `._` sidecar records.
  package var architecture: UInt16
  /// A universal Mach-O file's architectures; empty otherwise.
  package var slices: [Slice]
  /// The path's ID, which its children name as their parent.
  package var pathID: UInt32
  /// Its parent's ID; 0 for the root.
  package var parentID: UInt32
  /// The number of the block holding its record (what `Size64` and `HLIndex` are keyed by).
  package var recordBlock: UInt32

  /// The permissions, without the type bits.
  package var permissions: UInt16 { mode & 0o7777 }
}
