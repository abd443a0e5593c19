package import SystemSupport

/// A Mach-O file as signed: its new bytes, as pieces at their offsets, and each slice's
/// signature.
///
/// A universal file's slices stay separate pieces behind the rebuilt header, so that writing it
/// out (``write(to:)``) never joins them into one more copy of the file.
package struct SignedMachO: Sendable {
  /// One slice's signature.
  package struct Slice: Sendable {
    /// The slice's architecture name (`arm64`, `x86_64`…).
    package let architecture: String
    /// The signature placed in it.
    package let signature: MachOSignature
  }

  /// What a piece of the signed file holds.
  enum Content: Sendable {
    /// Bytes made by signing: a slice's rewritten head or end, a universal header.
    case made([UInt8])
    /// Bytes of the file as it was read, unchanged, and where they lie in that file.
    case original(ArraySlice<UInt8>, fileOffset: Int)

    /// The piece's bytes.
    var bytes: ArraySlice<UInt8> {
      switch self {
      case .made(let bytes): bytes[...]
      case .original(let bytes, _): bytes
      }
    }
  }

  /// The file's pieces in offset order; the gaps between them are zeros.
  let pieces: [(offset: Int, content: Content)]
  /// The slices' signatures, in the file's slice order.
  package let slices: [Slice]

  /// The signed file's size.
  package var size: Int { pieces.last.map { $0.offset + $0.content.bytes.count } ?? 0 }

  /// The signed file's bytes, thin or universal as the input was.
  package var bytes: [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(size)
    for piece in pieces {
      bytes.append(contentsOf: repeatElement(0, count: piece.offset - bytes.count))
      bytes.append(contentsOf: piece.content.bytes)
    }
    return bytes
  }

  /// Writes the signed file to `descriptor`, piece by piece.
  ///
  /// - Parameters:
  ///   - descriptor: The new file, empty and at offset 0.
  ///   - source: The file as it was read, when it is still open: the unchanged bytes are then
  ///     copied from it inside the kernel (`copy_file_range`) rather than written from memory.
  /// - Throws: ``SystemError`` when a write fails.
  package func write(to descriptor: FileDescriptor, copyingFrom source: FileDescriptor? = nil)
    throws
  {
    let zeros = [UInt8](repeating: 0, count: 1 << MachOUniversalLayout.armAlignment)
    var written = 0
    for piece in pieces {
      while written < piece.offset {
        let count = min(zeros.count, piece.offset - written)
        try zeros.withUnsafeBytes {
          try descriptor.writeAll(UnsafeRawBufferPointer(rebasing: $0[..<count]))
        }
        written += count
      }
      var bytes = piece.content.bytes
      if let source, case .original(_, let fileOffset) = piece.content {
        let copied = try descriptor.appendCopy(
          of: source, at: Int64(fileOffset), count: bytes.count)
        bytes = bytes.dropFirst(copied)
        written += copied
      }
      try bytes.withUnsafeBytes { try descriptor.writeAll($0) }
      written += bytes.count
    }
  }
}
