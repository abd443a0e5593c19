/// Bytes produced in order, into buffers the caller owns.
package protocol SequentialByteSource {
  /// Fills `buffer` with the next bytes; returns how many, 0 only at the end.
  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
}

/// A stream made of segments: bytes in memory, runs of zeros, files read from disk, and bytes
/// made as they are read.
///
/// Files are read straight into the caller's buffer, so memory stays bounded by it; generated
/// segments (a million-file volume's catalog) hold one chunk at a time; and the segments
/// themselves can come from a lazy sequence, made one at a time as the stream reaches them. A file that
/// no longer matches its segment (it changed since it was measured: it is gone, shorter or
/// longer, or it was written to while it was read) is a ``FileChangedError`` naming it, never a
/// stream of wrong bytes: its size is checked when it is opened and, with its modification
/// time, again once its bytes were read. The next few files are opened and fetched ahead of
/// the reader (``SegmentLookahead``), so a tree that is not in the page cache is read while the
/// bytes before it are compressed.
package final class SegmentedByteStream: SequentialByteSource {
  /// One piece of the stream.
  package enum Segment: Sendable {
    /// Bytes held in memory.
    case bytes([UInt8])
    /// `count` zero bytes.
    case zeros(Int64)
    /// The first `length` bytes of a file.
    case file(path: SourcePath, length: Int64)
    /// Bytes made as they are read.
    case generated(GeneratedBytes)

    /// The segment's length in bytes.
    package var length: Int64 {
      switch self {
      case .bytes(let bytes): Int64(bytes.count)
      case .zeros(let count): count
      case .file(_, let length): length
      case .generated(let generated): generated.length
      }
    }
  }

  /// Bytes made in chunks as a stream reads them, from the start each time a stream is made:
  /// what is too large to hold whole, such as the B-tree nodes of a million-file catalog.
  package struct GeneratedBytes: Sendable {
    /// How many bytes the chunks hold together.
    package let length: Int64
    /// Makes the chunks, in order; their lengths must add up to ``length``.
    package let makeChunks: @Sendable () -> AnyIterator<[UInt8]>

    /// Bytes of `length`, made in the chunks `makeChunks` gives.
    package init(length: Int64, makeChunks: @escaping @Sendable () -> AnyIterator<[UInt8]>) {
      self.length = length
      self.makeChunks = makeChunks
    }
  }

  private var segments: SegmentLookahead
  /// The segment being read, nil before the first and after the last.
  private var current: Segment?
  private var offset: Int64 = 0
  /// The chunks of the generated segment being read, the chunk being copied, and where in it.
  private var chunks: AnyIterator<[UInt8]>?
  private var chunk: [UInt8] = []
  private var chunkOffset = 0
  private var descriptor: FileDescriptor?
  /// The open file's status when it was opened.
  private var openedStatus: FileStatus?
  /// The current segment's file, when it was opened ahead.
  private var openedAhead: SegmentLookahead.OpenedFile?

  /// The total length.
  package let length: Int64

  /// Makes a stream of `segments`, which it goes through twice: once now for the length, then
  /// as it reads (so a lazy sequence makes each segment only when the stream reaches it).
  ///
  /// Inlinable so that the iterator is wrapped where the sequence's type is known: wrapped in
  /// this module, each segment's step ran through unspecialised generic code (metadata look-ups,
  /// about 1% of a 100,000-file build).
  @inlinable package convenience init(_ segments: some Sequence<Segment>) {
    self.init(
      length: segments.reduce(0) { $0 + $1.length }, segments: AnyIterator(segments.makeIterator()))
  }

  /// Makes a stream of `length` bytes from `segments` (empty ones skipped).
  @usableFromInline init(length: Int64, segments: AnyIterator<Segment>) {
    self.length = length
    self.segments = SegmentLookahead(segments)
    advance()
  }

  deinit {
    descriptor?.close()
    openedAhead?.descriptor.close()
    segments.closeAll()
  }

  /// Moves to the next segment.
  private func advance() {
    let upcoming = segments.next()
    current = upcoming?.segment
    openedAhead = upcoming?.file
  }

  /// Fills `buffer` with the next bytes; returns how many, 0 only at the end.
  package func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    var filled = 0
    while filled < buffer.count, let segment = current {
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
        let file = try descriptor ?? open(path.string, length: length)
        var done = 0
        while done < wanted {
          let count = try file.read(into: UnsafeMutableRawBufferPointer(rebasing: target[done...]))
          guard count > 0 else {
            throw FileChangedError(
              path: path.string, expected: length, change: .shrank(to: offset + Int64(done)))
          }
          done += count
        }
      case .generated(let generated):
        copyGenerated(generated, into: target)
      }
      filled += wanted
      offset += Int64(wanted)
      if offset == segment.length {
        if case .file(let path, let length) = segment {
          try closeChecking(path.string, length: length)
        }
        chunks = nil
        advance()
        offset = 0
      }
    }
    return filled
  }

  /// Fills `target` with the generated segment's next bytes, making chunks as they are needed.
  private func copyGenerated(
    _ generated: GeneratedBytes, into target: UnsafeMutableRawBufferPointer
  ) {
    if chunks == nil {
      chunks = generated.makeChunks()
      chunk = []
      chunkOffset = 0
    }
    var done = 0
    while done < target.count {
      if chunkOffset == chunk.count {
        guard let next = chunks?.next() else {
          preconditionFailure("a generated segment made fewer bytes than its length")
        }
        chunk = next
        chunkOffset = 0
        continue
      }
      let count = min(target.count - done, chunk.count - chunkOffset)
      chunk.withUnsafeBytes {
        UnsafeMutableRawBufferPointer(rebasing: target[done..<(done + count)]).copyMemory(
          from: UnsafeRawBufferPointer(rebasing: $0[chunkOffset..<(chunkOffset + count)]))
      }
      done += count
      chunkOffset += count
    }
  }

  /// Opens the file of a segment, checking that it is still there and of its measured length.
  private func open(_ path: String, length: Int64) throws -> FileDescriptor {
    let file: FileDescriptor
    let status: FileStatus
    if let openedAhead {
      self.openedAhead = nil
      (file, status) = (openedAhead.descriptor, openedAhead.status)
      descriptor = file
    } else {
      do {
        file = try FileDescriptor.openForReading(path)
      } catch  where error.isNoSuchFile {
        throw FileChangedError(path: path, expected: length, change: .disappeared)
      }
      descriptor = file
      status = try file.status()
    }
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
