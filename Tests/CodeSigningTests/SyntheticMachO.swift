import SystemSupport

/// A small hand-made Mach-O for the reader's and signer's own tests (no peer needed): a header,
/// `__TEXT` with one `__text` section, `__LINKEDIT`, and `LC_BUILD_VERSION`; 64-bit
/// little-endian (arm64, x86_64) or 32-bit big-endian (ppc), with knobs to damage it.
struct SyntheticMachO {
  var is64Bit = true
  var bigEndian = false
  var cpuType: UInt32 = 0x0100_000C  // arm64
  var fileType: UInt32 = 2  // MH_EXECUTE
  /// The `__text` section's file offset: right after the load commands leaves no room.
  var textOffset = 1024
  /// `__LINKEDIT`'s name (rename it to have none).
  var linkeditName = "__LINKEDIT"
  /// A segment with file data after `__LINKEDIT`.
  var segmentAfterLinkedit = false
  /// The minimum macOS, as nibbles.
  var minimumOS: UInt32 = 0x000B_0000

  static let textSize = 4096
  static let linkeditSize = 100

  var segmentCommandSize: Int { is64Bit ? 72 : 56 }
  var sectionSize: Int { is64Bit ? 80 : 68 }
  var headerSize: Int { is64Bit ? 32 : 28 }

  /// The offsets of the commands, after the header: `__TEXT`, `__LINKEDIT`, then the optional
  /// `__EXTRA`, then `LC_BUILD_VERSION`.
  var commandsSize: Int {
    2 * segmentCommandSize + sectionSize + (segmentAfterLinkedit ? segmentCommandSize : 0) + 24
  }

  /// The file's bytes.
  func bytes() -> [UInt8] {
    var writer = ByteWriter(bigEndian: bigEndian)
    writer.writeInteger(is64Bit ? UInt32(0xFEED_FACF) : 0xFEED_FACE)
    writer.writeInteger(cpuType)
    writer.writeInteger(UInt32(0))  // subtype
    writer.writeInteger(fileType)
    writer.writeInteger(UInt32(segmentAfterLinkedit ? 4 : 3))
    writer.writeInteger(UInt32(commandsSize))
    writer.writeInteger(UInt32(0x0020_0085))
    if is64Bit { writer.writeInteger(UInt32(0)) }
    let linkeditOffset = Self.textSize
    writeSegment(
      &writer, "__TEXT", fileOffset: 0, fileSize: Self.textSize,
      section: (name: "__text", offset: textOffset, size: 64))
    writeSegment(&writer, linkeditName, fileOffset: linkeditOffset, fileSize: Self.linkeditSize)
    if segmentAfterLinkedit {
      writeSegment(
        &writer, "__EXTRA", fileOffset: linkeditOffset + Self.linkeditSize, fileSize: 16)
    }
    writer.writeInteger(UInt32(0x32))  // LC_BUILD_VERSION
    writer.writeInteger(UInt32(24))
    writer.writeInteger(UInt32(1))  // macOS
    writer.writeInteger(minimumOS)
    writer.writeInteger(UInt32(0x000E_0000))  // sdk 14.0
    writer.writeInteger(UInt32(0))  // ntools
    writer.writeZeros(textOffset - writer.count)
    // The code: anything but zeros.
    writer.writeBytes(
      (0..<(Self.textSize - textOffset)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 1) })
    writer.writeBytes(
      (0..<(Self.linkeditSize + (segmentAfterLinkedit ? 16 : 0))).map {
        UInt8(truncatingIfNeeded: $0)
      })
    return writer.bytes
  }

  func writeSegment(
    _ writer: inout ByteWriter, _ name: String, fileOffset: Int, fileSize: Int,
    section: (name: String, offset: Int, size: Int)? = nil
  ) {
    func name16(_ text: String) -> [UInt8] {
      Array(text.utf8) + [UInt8](repeating: 0, count: 16 - text.utf8.count)
    }
    func wide(_ value: Int) {
      if is64Bit { writer.writeInteger(UInt64(value)) } else { writer.writeInteger(UInt32(value)) }
    }
    writer.writeInteger(UInt32(is64Bit ? 0x19 : 0x1))
    writer.writeInteger(UInt32(segmentCommandSize + (section == nil ? 0 : sectionSize)))
    writer.writeBytes(name16(name))
    wide((is64Bit ? 0x1_0000_0000 : 0) + fileOffset)  // vmaddr
    wide(fileSize)  // vmsize
    wide(fileOffset)
    wide(fileSize)
    writer.writeInteger(UInt32(5))  // maxprot
    writer.writeInteger(UInt32(5))  // initprot
    writer.writeInteger(UInt32(section == nil ? 0 : 1))
    writer.writeInteger(UInt32(0))  // flags
    guard let section else { return }
    writer.writeBytes(name16(section.name))
    writer.writeBytes(name16(name))
    wide(section.offset)  // addr
    wide(section.size)
    writer.writeInteger(UInt32(section.offset))
    writer.writeZeros(4 * 4)  // align, reloff, nreloc, flags
    writer.writeZeros(is64Bit ? 12 : 8)  // reserved
  }
}
