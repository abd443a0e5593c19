/// Bytes produced in order, into buffers the caller owns.
package protocol SequentialByteSource {
  /// Fills `buffer` with the next bytes; returns how many, 0 only at the end.
  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
}

/// A stream made of segments: bytes in memory, runs of zeros, and files read from disk.
///
/// Files are read straight into the caller's buffer, so memory stays bounded by it. A file that
/// no longer matches its segment (it changed since it was measured: it is gone, shorter or
/// longer, or it was written to while it was read) is a ``FileChangedError`` naming it, never a
/// stream of wrong bytes: its size is checked when it is opened and, with its modification
/// time, again once its bytes were read.
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
  /// The open file's status when it was opened.
  private var openedStatus: FileStatus?

  /// The total length.
  package let length: Int64

  /// Makes a stream of `segments`.
  package init(_ segments: [Segment]) {
    // Shares the array unless there are empty segments to drop (a volume's list has one or two
    // segments per file).
    self.segments =
      segments.contains { $0.length == 0 } ? segments.filter { $0.length > 0 } : segments
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
        let file = try descriptor ?? open(path, length: length)
        var done = 0
        while done < wanted {
          let count = try file.read(into: UnsafeMutableRawBufferPointer(rebasing: target[done...]))
          guard count > 0 else {
            throw FileChangedError(
              path: path, expected: length, change: .shrank(to: offset + Int64(done)))
          }
          done += count
        }
      }
      filled += wanted
      offset += Int64(wanted)
      if offset == segment.length {
        if case .file(let path, let length) = segment { try closeChecking(path, length: length) }
        index += 1
        offset = 0
      }
    }
    return filled
  }

  /// Opens the file of a segment, checking that it is still there and of its measured length.
  private func open(_ path: String, length: Int64) throws -> FileDescriptor {
    let file: FileDescriptor
    do {
      file = try FileDescriptor.openForReading(path)
    } catch  where error.isNoSuchFile {
      throw FileChangedError(path: path, expected: length, change: .disappeared)
    }
    descriptor = file
    let status = try file.status()
    openedStatus = status
    try Self.check(status, of: path, length: length)
    return file
  }

  /// Closes the file of a segment whose bytes were all read, checking that it kept its length
  /// and was not written to meanwhile.
  private func closeChecking(_ path: String, length: Int64) throws {
    defer {
      descriptor?.close()
      descriptor = nil
      openedStatus = nil
    }
    guard let descriptor, let openedStatus else { return }
    let status = try descriptor.status()
    try Self.check(status, of: path, length: length)
    if status.modificationTime != openedStatus.modificationTime {
      throw FileChangedError(path: path, expected: length, change: .written)
    }
  }

  private static func check(_ status: FileStatus, of path: String, length: Int64) throws {
    if status.size > length {
      throw FileChangedError(path: path, expected: length, change: .grew(to: status.size))
    }
    if status.size < length {
      throw FileChangedError(path: path, expected: length, change: .shrank(to: status.size))
    }
  }
}
