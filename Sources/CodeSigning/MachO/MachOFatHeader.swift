import SystemSupport

/// The header of a universal ("fat") binary: `fat_header` and its `fat_arch` table, always
/// big-endian; read, and written for the slices as signing lays them out again.
///
/// `0xcafebabe` has 32-bit `offset` and `size`; `0xcafebabf` (`FAT_MAGIC_64`) has 64-bit ones
/// and a reserved word after `align`.
package struct MachOFatHeader: Equatable, Sendable {
  /// One `fat_arch` (or `fat_arch_64`) entry.
  package struct Architecture: Equatable, Sendable {
    /// The slice's CPU type and subtype.
    package var cpu: MachOCPU
    /// The slice's offset from the start of the file.
    package var offset: Int
    /// The slice's size.
    package var size: Int
    /// The offset's alignment, as a power of two (`align`).
    package var alignment: Int

    /// Describes one slice's entry.
    package init(cpu: MachOCPU, offset: Int, size: Int, alignment: Int) {
      self.cpu = cpu
      self.offset = offset
      self.size = size
      self.alignment = alignment
    }
  }

  /// `FAT_MAGIC`.
  package static let magic: UInt32 = 0xCAFE_BABE
  /// `FAT_MAGIC_64`.
  package static let magic64: UInt32 = 0xCAFE_BABF
  /// The most architectures a universal header is taken to have: Java class files share the
  /// magic 0xcafebabe, and their version word (at least 45) sits where `nfat_arch` does.
  package static let maximumArchitectures = 30

  /// The architectures, in table order.
  package var architectures: [Architecture]
  /// Whether the header uses 64-bit offsets and sizes.
  package var is64Bit: Bool

  /// Describes a header.
  package init(architectures: [Architecture], is64Bit: Bool) {
    self.architectures = architectures
    self.is64Bit = is64Bit
  }

  // MARK: - Reading

  /// Reads the header of a universal file, checking that every slice lies inside the file,
  /// after the table, and apart from the others.
  package init(bytes: [UInt8], path: String) throws(MachOError) {
    try self.init(bytes: bytes, fileSize: bytes.count, path: path)
  }

  /// Reads the header from the start of a universal file of `fileSize` bytes, of which `bytes`
  /// holds at least the architecture table: what a reader that leaves the slices on disk has.
  package init(bytes: [UInt8], fileSize: Int, path: String) throws(MachOError) {
    func fail(_ offset: Int, _ reason: String) -> MachOError {
      MachOError(.malformedFatHeader, path: path, offset: offset, reason: reason)
    }
    let reader = ByteReader(bytes)
    guard let magic = try? reader.getInteger(at: 0, as: UInt32.self),
      magic == Self.magic || magic == Self.magic64,
      let count = try? reader.getInteger(at: 4, as: UInt32.self)
    else { throw fail(0, "no universal header") }
    is64Bit = magic == Self.magic64
    guard count > 0, count < Self.maximumArchitectures else {
      throw fail(4, "nfat_arch \(count) is not a universal binary's (a Java class file?)")
    }
    let entrySize = is64Bit ? 32 : 20
    let tableEnd = 8 + Int(count) * entrySize
    var architectures: [Architecture] = []
    for index in 0..<Int(count) {
      let at = 8 + index * entrySize
      do {
        let cpu = MachOCPU(
          type: try reader.getInteger(at: at), subtype: try reader.getInteger(at: at + 4))
        let offset =
          is64Bit
          ? try reader.getOffset(at: at + 8)
          : Int64(try reader.getInteger(at: at + 8, as: UInt32.self))
        let size =
          is64Bit
          ? try reader.getOffset(at: at + 16)
          : Int64(try reader.getInteger(at: at + 12, as: UInt32.self))
        let alignment = Int(try reader.getInteger(at: at + (is64Bit ? 24 : 16), as: UInt32.self))
        guard offset >= tableEnd, size > 0, offset <= fileSize,
          size <= Int64(fileSize) - offset
        else {
          throw fail(
            at + 8,
            "the \(cpu) slice [\(offset), \(offset &+ size)) is not inside the \(fileSize)-byte file after the header"
          )
        }
        architectures.append(
          Architecture(cpu: cpu, offset: Int(offset), size: Int(size), alignment: alignment))
      } catch let error as MachOError {
        throw error
      } catch {
        throw fail(at, "the architecture table is cut short (\(error))")
      }
    }
    // Named at the later slice's offset field in the table.
    let sorted = architectures.indices.sorted {
      architectures[$0].offset < architectures[$1].offset
    }
    for (first, second) in zip(sorted, sorted.dropFirst()) {
      let (earlier, later) = (architectures[first], architectures[second])
      guard earlier.offset + earlier.size > later.offset else { continue }
      throw fail(
        8 + second * entrySize + 8,
        "the \(later.cpu) slice at \(later.offset) overlaps the \(earlier.cpu) slice [\(earlier.offset), \(earlier.offset + earlier.size))"
      )
    }
    self.architectures = architectures
  }

  // MARK: - Writing

  /// The header's bytes: magic, count and the table (the slices follow at their offsets).
  package func bytes() -> [UInt8] {
    var writer = ByteWriter()
    writer.writeInteger(is64Bit ? Self.magic64 : Self.magic)
    writer.writeInteger(UInt32(architectures.count))
    for architecture in architectures {
      writer.writeInteger(architecture.cpu.type)
      writer.writeInteger(architecture.cpu.subtype)
      if is64Bit {
        writer.writeInteger(UInt64(architecture.offset))
        writer.writeInteger(UInt64(architecture.size))
        writer.writeInteger(UInt32(architecture.alignment))
        writer.writeInteger(UInt32(0))  // reserved
      } else {
        writer.writeInteger(UInt32(architecture.offset))
        writer.writeInteger(UInt32(architecture.size))
        writer.writeInteger(UInt32(architecture.alignment))
      }
    }
    return writer.bytes
  }
}
