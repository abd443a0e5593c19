import SystemSupport

/// A Mach-O file, thin or universal: its slices, each with its architecture and byte range.
///
/// ```swift
/// guard MachOFile.isMachO(prefix: Array(bytes.prefix(8))) else { return }
/// let file = try MachOFile(bytes: bytes, path: path)
/// for slice in file.slices { print(slice.architecture, slice.range) }
/// ```
package struct MachOFile: Sendable {
  /// One slice of the file, where it lies and what it holds.
  package struct Slice: Sendable {
    /// The slice, read.
    package let macho: MachOSlice
    /// The slice's bytes in the file (the whole file when thin).
    package let range: Range<Int>
    /// The slice's alignment in the universal header (log2); `nil` in a thin file.
    package let alignment: Int?

    /// The slice's architecture name (`arm64`, `x86_64`…).
    package var architecture: String { macho.architecture }
  }

  // MARK: - Properties

  /// The file's path, for errors.
  package let path: String
  /// The slices: one for a thin file, in header order for a universal one.
  package let slices: [Slice]
  /// Whether the file is universal (fat).
  package let isUniversal: Bool
  /// The universal header, when the file has one.
  package let fatHeader: MachOFatHeader?

  // MARK: - Lifecycle

  /// Reads a thin or universal Mach-O file.
  ///
  /// - Throws: ``MachOError`` when the file is not Mach-O, its universal header is damaged, or
  ///   any slice is.
  package init(bytes: [UInt8], path: String) throws(MachOError) {
    self.path = path
    let magic = try? ByteReader(bytes).getInteger(at: 0, as: UInt32.self)
    guard magic == MachOFatHeader.magic || magic == MachOFatHeader.magic64 else {
      slices = [
        Slice(
          macho: try MachOSlice(bytes: bytes[...], path: path), range: 0..<bytes.count,
          alignment: nil)
      ]
      isUniversal = false
      fatHeader = nil
      return
    }
    let header = try MachOFatHeader(bytes: bytes, path: path)
    var slices: [Slice] = []
    for entry in header.architectures {
      let range = entry.offset..<(entry.offset + entry.size)
      let macho = try MachOSlice(bytes: bytes[range], path: path)
      guard macho.cpu.type == entry.cpu.type else {
        throw MachOError(
          .malformedFatHeader, path: path, architecture: entry.cpu.name, offset: entry.offset,
          reason: "the universal header says \(entry.cpu), the slice's header \(macho.cpu)")
      }
      slices.append(Slice(macho: macho, range: range, alignment: entry.alignment))
    }
    self.slices = slices
    isUniversal = true
    fatHeader = header
  }

  // MARK: - API

  /// Whether the file's signature must lead with SHA-1 code directories: any slice needs them
  /// (§8 of the reference: then every slice gets one).
  package var needsSHA1: Bool { slices.contains { $0.macho.needsSHA1 } }

  /// Whether a file starting with `prefix` (its first 8 bytes or more) is Mach-O: a thin magic
  /// in either byte order, or a universal magic with a plausible architecture count.
  ///
  /// Java class files also start with 0xcafebabe; their version word (major version 45 or more)
  /// is where a universal header's `nfat_arch` is, so a count of
  /// ``MachOFatHeader/maximumArchitectures`` or more is taken for a class file.
  package static func isMachO(prefix: [UInt8]) -> Bool {
    let reader = ByteReader(prefix)
    guard let magic = try? reader.getInteger(at: 0, as: UInt32.self) else { return false }
    let thin: Set<UInt32> = [
      MachOSlice.magic32, MachOSlice.magic64, MachOSlice.magic32.byteSwapped,
      MachOSlice.magic64.byteSwapped,
    ]
    if thin.contains(magic) { return true }
    guard magic == MachOFatHeader.magic || magic == MachOFatHeader.magic64,
      let count = try? reader.getInteger(at: 4, as: UInt32.self)
    else { return false }
    return count > 0 && count < MachOFatHeader.maximumArchitectures
  }
}
