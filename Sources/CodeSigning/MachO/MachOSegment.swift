/// A segment of a Mach-O slice (`LC_SEGMENT` or `LC_SEGMENT_64`) with its sections.
package struct MachOSegment: Equatable, Sendable {
  /// A section of a segment (`section` or `section_64`).
  package struct Section: Equatable, Sendable {
    /// The section's name, such as `__text`.
    package let name: String
    /// The segment's name as the section records it, such as `__TEXT`.
    package let segmentName: String
    /// The section's address.
    package let address: UInt64
    /// The section's size in bytes.
    package let size: UInt64
    /// The section's file offset (`offset`); 0 for zero-fill sections.
    package let fileOffset: Int
    /// The section's flags; the low byte is its type (`S_ZEROFILL` 0x1 …).
    package let flags: UInt32

    /// Whether the section occupies no file bytes (`S_ZEROFILL`, `S_GB_ZEROFILL`,
    /// `S_THREAD_LOCAL_ZEROFILL`).
    package var isZeroFill: Bool { [0x1, 0xC, 0x12].contains(flags & 0xFF) }
  }

  /// `__LINKEDIT`, the segment the signature lives at the end of.
  package static let linkeditName = "__LINKEDIT"
  /// `__TEXT`, the executable segment.
  package static let textName = "__TEXT"

  /// The segment's name, such as `__TEXT`.
  package let name: String
  /// The command's offset from the start of the slice.
  package let commandOffset: Int
  /// Whether it is `LC_SEGMENT_64` (64-bit fields) rather than `LC_SEGMENT`.
  package let is64Bit: Bool
  /// `vmaddr`.
  package let vmAddress: UInt64
  /// `vmsize`.
  package let vmSize: UInt64
  /// `fileoff`.
  package let fileOffset: Int
  /// `filesize`.
  package let fileSize: Int
  /// The sections, in command order.
  package let sections: [Section]

  /// The end of the segment's file data.
  package var fileEnd: Int { fileOffset + fileSize }

  /// The offsets, from the command's start, of `vmsize` and `filesize` (the fields signing
  /// rewrites in `__LINKEDIT`).
  package var vmSizeFieldOffset: Int { is64Bit ? 32 : 28 }
  /// The offset of `filesize` from the command's start.
  package var fileSizeFieldOffset: Int { is64Bit ? 48 : 36 }
}
