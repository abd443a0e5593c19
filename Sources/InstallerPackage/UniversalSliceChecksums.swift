/// The architectures of a universal Mach-O file and each one's POSIX `cksum`, taken while the
/// file's bytes pass, as Apple's `mkbom` records them in a Bom.
///
/// The file is universal when it starts with the fat header (`CAFEBABE`, big-endian) of 1 to
/// ``largestArchitectureCount`` architectures whose slices all lie inside the file; anything
/// else (a thin Mach-O file, a Java class, whose version numbers stand where the count would)
/// has no slices. Only the header's bytes are kept; each slice's checksum is updated from the
/// pieces that overlap it.
///
/// ```swift
/// var slices = UniversalSliceChecksums()
/// for piece in pieces { slices.update(piece) }
/// let architectures = slices.finish(fileSize: size)  // empty unless universal
/// ```
package struct UniversalSliceChecksums {
  /// The most architectures a fat header may list to be read as one: more is not a Mach-O file.
  static let largestArchitectureCount = 32
  /// `FAT_MAGIC`.
  static let magic: [UInt8] = [0xCA, 0xFE, 0xBA, 0xBE]

  /// One architecture: its CPU, where its slice lies, and the slice's checksum so far.
  private struct Architecture {
    let cpuType: UInt32
    let cpuSubtype: UInt32
    let offset: Int64
    let size: Int64
    var checksum = POSIXChecksum()
  }

  /// The bytes kept until the header is read.
  private var head: [UInt8] = []
  /// `nil` until the header is read; empty when the file is not universal.
  private var architectures: [Architecture]?
  /// The bytes passed so far.
  private var offset: Int64 = 0

  /// Starts at a file's first byte.
  package init() {}

  /// Takes the file's next bytes.
  package mutating func update(_ piece: UnsafeRawBufferPointer) {
    if architectures == nil {
      head.append(contentsOf: piece)
      offset += Int64(piece.count)
      guard let read = Self.architectures(in: head) else { return }
      architectures = read
      head.withUnsafeBytes { checksum($0, at: 0) }
      head = []
      return
    }
    guard architectures?.isEmpty == false else { return }
    checksum(piece, at: offset)
    offset += Int64(piece.count)
  }

  /// The file's architectures in the header's order, once all `fileSize` bytes have passed:
  /// empty for a file that is not universal.
  package func finish(fileSize: Int64) -> [BomRecord.Slice] {
    guard let architectures, offset == fileSize,
      architectures.allSatisfy({ $0.offset + $0.size <= fileSize })
    else { return [] }
    return architectures.map { architecture in
      BomRecord.Slice(
        cpuType: architecture.cpuType, cpuSubtype: architecture.cpuSubtype,
        size: UInt32(truncatingIfNeeded: architecture.size),
        checksum: architecture.checksum.value)
    }
  }

  /// Updates each slice's checksum with the part of `piece` (at `start` in the file) inside it.
  private mutating func checksum(_ piece: UnsafeRawBufferPointer, at start: Int64) {
    guard var architectures else { return }
    let end = start + Int64(piece.count)
    for index in architectures.indices {
      let slice = architectures[index]
      let lower = max(start, slice.offset)
      let upper = min(end, slice.offset + slice.size)
      guard lower < upper else { continue }
      architectures[index].checksum.update(
        UnsafeRawBufferPointer(rebasing: piece[Int(lower - start)..<Int(upper - start)]))
    }
    self.architectures = architectures
  }

  /// The architectures the fat header at the start of `head` lists; empty when it is not a
  /// fat header, `nil` while `head` is too short to tell.
  private static func architectures(in head: [UInt8]) -> [Architecture]? {
    guard head.count >= 8 else { return nil }
    guard Array(head[0..<4]) == magic else { return [] }
    let count = Int(bigEndian(head, at: 4))
    guard (1...largestArchitectureCount).contains(count) else { return [] }
    guard head.count >= 8 + 20 * count else { return nil }
    return (0..<count).map { index in
      let entry = 8 + 20 * index
      return Architecture(
        cpuType: bigEndian(head, at: entry), cpuSubtype: bigEndian(head, at: entry + 4),
        offset: Int64(bigEndian(head, at: entry + 8)), size: Int64(bigEndian(head, at: entry + 12)))
    }
  }

  /// The big-endian 32-bit number at `offset`.
  private static func bigEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
    bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
  }
}
