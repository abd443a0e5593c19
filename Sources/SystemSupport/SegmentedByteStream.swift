/// Bytes produced in order, into buffers the caller owns.
package protocol SequentialByteSource {
  /// Fills `buffer` with the next bytes; returns how many, 0 only at the end.
  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
}

/// A stream made of segments: bytes in memory, runs of zeros, and files read from disk.
///
/// Files are read straight into the caller's buffer, so memory stays bounded by it. A file that
/// is shorter than its segment says (it changed since it was measured) is an error naming it.
package final class SegmentedByteStream: SequentialByteSource {
  /// One piece of the stream.
  package enum Segment: Sendable {
    /// Bytes held in memory.
    case bytes([UInt8])
    /// `count` zero bytes.
    case zeros(Int64)
    /// The first `length` bytes of a file.
    case file(path: String, length: Int64)

    /// The segment's length in bytes.
    package var length: Int64 {
      switch self {
      case .bytes(let bytes): Int64(bytes.count)
      case .zeros(let count): count
      case .file(_, let length): length
      }
    }
  }

  private let segments: [Segment]
  private var index = 0
  private var offset: Int64 = 0
  private var descriptor: FileDescriptor?

  /// The total length.
  package let length: Int64

  /// Makes a stream of `segments`.
  package init(_ segments: [Segment]) {
    self.segments = segments.filter { $0.length > 0 }
    length = segments.reduce(0) { $0 + $1.length }
  }

  deinit { descriptor?.close() }

  /// Fills `buffer` with the next bytes; returns how many, 0 only at the end.
  package func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    var filled = 0
    while filled < buffer.count, index < segments.count {
      let segment = segments[index]
      let wanted = Int(min(Int64(buffer.count - filled), segment.length - offset))
      let target = UnsafeMutableRawBufferPointer(rebasing: buffer[filled..<(filled + wanted)])
      switch segment {
      case .bytes(let bytes):
        let start = Int(offset)
        bytes.withUnsafeBytes {
          target.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[start..<(start + wanted)]))
        }
      case .zeros:
        target.initializeMemory(as: UInt8.self, repeating: 0)
      case .file(let path, let length):
        if descriptor == nil { descriptor = try FileDescriptor.openForReading(path) }
        var done = 0
        while done < wanted {
          let count =
            try descriptor?.read(into: UnsafeMutableRawBufferPointer(rebasing: target[done...]))
            ?? 0
          guard count > 0 else {
            throw FileChangedError(path: path, expected: length, found: offset + Int64(done))
          }
          done += count
        }
      }
      filled += wanted
      offset += Int64(wanted)
      if offset == segment.length {
        descriptor?.close()
        descriptor = nil
        index += 1
        offset = 0
      }
    }
    return filled
  }
}

/// A file that ended before the length it had when it was measured.
package struct FileChangedError: Error, CustomStringConvertible {
  /// The file.
  package let path: String
  /// Its length when measured.
  package let expected: Int64
  /// Where it ended.
  package let found: Int64

  /// A sentence naming the file.
  package var description: String {
    "\(path) changed while it was read: it had \(expected) bytes, now it ends after \(found)"
  }
}
