package import SystemSupport

/// The slices of a Mach-O file on disk, found from its headers alone: each one's CPU, file type
/// and byte range, for a caller that copies slices without reading them
/// (``UniversalMachOPlan``).
///
/// ```swift
/// let file = try MachOSliceExtents(reading: descriptor, size: size, path: "MacOS/Demo")
/// print(file.extents.map(\.cpu.name))  // ["x86_64", "arm64"]
/// ```
///
/// A thin file is one extent, the whole file; a universal one has its table's extents, each
/// checked to lie inside the file and to start with a thin Mach-O header of the table's CPU.
package struct MachOSliceExtents: Sendable {
  /// One slice: what it is and where it lies.
  package struct Extent: Sendable, Equatable {
    /// The slice's CPU type and subtype, from its own header.
    package let cpu: MachOCPU
    /// The slice's file type.
    package let fileType: MachOFileType
    /// The slice's offset in the file.
    package let offset: Int
    /// The slice's size.
    package let size: Int
  }

  // MARK: - Properties

  /// The file's path, for errors.
  package let path: String
  /// Whether the file is universal (fat).
  package let isUniversal: Bool
  /// The slices, in the file's order.
  package let extents: [Extent]

  /// The most bytes a universal header's table takes: ``MachOFatHeader/maximumArchitectures``
  /// 64-bit entries after the 8-byte `fat_header`.
  private static let largestTable = 8 + MachOFatHeader.maximumArchitectures * 32

  // MARK: - Lifecycle

  /// Reads the headers of the Mach-O file open at `descriptor`, `size` bytes long.
  ///
  /// - Throws: ``MachOError`` when the file is not Mach-O or a header is damaged;
  ///   ``SystemError`` when a read fails.
  package init(reading descriptor: FileDescriptor, size: Int, path: String) throws {
    self.path = path
    let prefix = try descriptor.read(at: 0, count: min(size, Self.largestTable))
    let magic = try? ByteReader(prefix).getInteger(at: 0, as: UInt32.self)
    guard magic == MachOFatHeader.magic || magic == MachOFatHeader.magic64 else {
      isUniversal = false
      extents = [try Self.thinExtent(prefix, offset: 0, size: size, path: path)]
      return
    }
    isUniversal = true
    let header = try MachOFatHeader(bytes: prefix, fileSize: size, path: path)
    var extents: [Extent] = []
    for entry in header.architectures {
      let head = try descriptor.read(at: Int64(entry.offset), count: min(entry.size, 32))
      let extent = try Self.thinExtent(head, offset: entry.offset, size: entry.size, path: path)
      guard extent.cpu.type == entry.cpu.type else {
        throw MachOError(
          .malformedFatHeader, path: path, architecture: entry.cpu.name, offset: entry.offset,
          reason: "the universal header says \(entry.cpu), the slice's header \(extent.cpu)")
      }
      extents.append(extent)
    }
    self.extents = extents
  }

  // MARK: - Implementation

  /// The extent of the thin slice whose first bytes are `head`: its `mach_header`'s magic,
  /// `cputype`, `cpusubtype` and `filetype`, in the slice's own byte order.
  private static func thinExtent(
    _ head: [UInt8], offset: Int, size: Int, path: String
  ) throws(MachOError) -> Extent {
    let little = ByteReader(head, bigEndian: false)
    let magic = try? little.getInteger(at: 0, as: UInt32.self)
    let thin: Set<UInt32> = [MachOSlice.magic32, MachOSlice.magic64]
    let bigEndian: Bool
    if let magic, thin.contains(magic) {
      bigEndian = false
    } else if let magic, thin.contains(magic.byteSwapped) {
      bigEndian = true
    } else {
      throw MachOError(
        .notMachO, path: path, offset: offset, reason: "no thin Mach-O magic at the slice's start")
    }
    let reader = ByteReader(head, bigEndian: bigEndian)
    guard head.count >= 28, let type = try? reader.getInteger(at: 4, as: UInt32.self),
      let subtype = try? reader.getInteger(at: 8, as: UInt32.self),
      let fileType = try? reader.getInteger(at: 12, as: UInt32.self)
    else {
      throw MachOError(
        .malformedHeader, path: path, offset: offset,
        reason: "\(head.count) bytes are too few for a Mach-O header")
    }
    return Extent(
      cpu: MachOCPU(type: type, subtype: subtype), fileType: MachOFileType(rawValue: fileType),
      offset: offset, size: size)
  }
}
