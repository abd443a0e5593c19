/// A streaming parser of a cpio archive in the odc form: a pure state machine fed the inflated
/// archive in any chunking, which reports each entry's header, then its bytes as they pass
/// (never held), then its end.
///
/// Only a header and its name are buffered (at most ``PayloadReader/maximumNameSize`` bytes
/// past the fixed 76), so memory stays bounded whatever the files' sizes. The archive must end
/// with `TRAILER!!!`; only zeros may follow it (the padding of a cpio block).
struct CPIOParser {
  /// What the parser found.
  enum Event {
    /// An entry starts: its header, with its name, at this offset of the archive.
    case entry(CPIOHeader, offset: Int64)
    /// Bytes of the current entry, valid only during the call.
    case bytes(UnsafeRawBufferPointer)
    /// The current entry's bytes are complete.
    case entryEnd
  }

  private enum State {
    /// Reading a header's fixed part.
    case header
    /// Reading the name of this header.
    case name(CPIOHeader, size: Int)
    /// Passing on the current entry's bytes, this many still to come.
    case data(remaining: Int64)
    /// After `TRAILER!!!`.
    case trailer
  }

  private var state = State.header
  /// The bytes of the header or name being read.
  private var pending: [UInt8] = []
  /// Where the entry being read starts in the archive.
  private var entryOffset: Int64 = 0
  /// Its path, once read.
  private var entryPath: String?
  /// The bytes of the archive consumed so far.
  private(set) var offset: Int64 = 0

  /// Whether the `TRAILER!!!` entry was read.
  var isComplete: Bool {
    if case .trailer = state { true } else { false }
  }

  /// Parses the next bytes of the archive, calling `handle` for what they complete.
  ///
  /// - Throws: ``PayloadReaderError`` for a malformed header or name, a size its type cannot
  ///   have, or bytes after the trailer; what `handle` throws.
  mutating func feed(_ bytes: UnsafeRawBufferPointer, _ handle: (Event) throws -> Void) throws {
    var index = 0
    while index < bytes.count {
      let available = bytes.count - index
      switch state {
      case .header:
        let taken = take(bytes, from: index, upTo: CPIOHeader.fixedSize)
        index += taken
        guard pending.count == CPIOHeader.fixedSize else { continue }
        let (header, nameSize) = try CPIOHeader.parsingFixedPart(pending[...], at: entryOffset)
        guard (1...PayloadReader.maximumNameSize).contains(nameSize) else {
          throw PayloadReaderError(
            .badNameSize, at: entryOffset + 59,
            "its name size \(nameSize) is not 1 to \(PayloadReader.maximumNameSize)")
        }
        pending.removeAll(keepingCapacity: true)
        state = .name(header, size: nameSize)
      case .name(var header, let size):
        index += take(bytes, from: index, upTo: size)
        guard pending.count == size else { continue }
        header.name = try name(of: pending)
        pending.removeAll(keepingCapacity: true)
        entryPath = header.name
        try begin(header, handle)
      case .data(let remaining):
        let count = Int(min(remaining, Int64(available)))
        try handle(.bytes(UnsafeRawBufferPointer(rebasing: bytes[index..<index + count])))
        index += count
        offset += Int64(count)
        try advanceData(remaining: remaining - Int64(count), handle)
      case .trailer:
        if let extra = bytes[index...].firstIndex(where: { $0 != 0 }) {
          throw PayloadReaderError(
            .bytesAfterTrailer, at: offset + Int64(extra - index),
            "a byte other than zero follows the TRAILER!!! entry")
        }
        offset += Int64(available)
        index = bytes.count
      }
    }
  }

  /// Checks that the archive ended with its trailer, not inside an entry.
  func finish() throws(PayloadReaderError) {
    switch state {
    case .trailer: return
    case .header where pending.isEmpty:
      throw PayloadReaderError(
        .missingTrailer, at: offset, "the archive ends without its TRAILER!!! entry")
    case .header, .name:
      throw PayloadReaderError(
        .truncatedEntry, at: entryOffset, path: entryPath,
        "the archive ends inside an entry's header")
    case .data(let remaining):
      throw PayloadReaderError(
        .truncatedEntry, at: entryOffset, path: entryPath,
        "the archive ends \(remaining) bytes before the end of the entry's data")
    }
  }

  /// Moves up to `count` bytes (less those pending) from `bytes` at `index` into ``pending``;
  /// returns how many.
  private mutating func take(_ bytes: UnsafeRawBufferPointer, from index: Int, upTo count: Int)
    -> Int
  {
    if pending.isEmpty, case .header = state {
      entryOffset = offset
      entryPath = nil
    }
    let taken = min(count - pending.count, bytes.count - index)
    pending.append(contentsOf: bytes[index..<index + taken])
    offset += Int64(taken)
    return taken
  }

  /// The path of the name whose bytes and NUL are `bytes`, or `TRAILER!!!`.
  private func name(of bytes: [UInt8]) throws(PayloadReaderError) -> String {
    let nameOffset = entryOffset + Int64(CPIOHeader.fixedSize)
    guard bytes.last == 0, let end = bytes.firstIndex(of: 0), end == bytes.count - 1 else {
      throw PayloadReaderError(
        .nameWithoutNUL, at: nameOffset,
        "the name \(CPIOHeader.quoted(bytes.prefix { $0 != 0 })) does not end in its one NUL")
    }
    let name = String(decoding: bytes[..<end], as: UTF8.self)
    if name == "TRAILER!!!" { return name }
    guard let path = Self.path(named: bytes[..<end]) else {
      throw PayloadReaderError(
        .unsafeName, at: nameOffset, path: name,
        "the name is not . or a path below it (./a/b, no empty name, . or ..)")
    }
    return path
  }

  /// Reports the entry of `header` (name read), or ends the archive at its trailer.
  private mutating func begin(_ header: CPIOHeader, _ handle: (Event) throws -> Void) throws {
    if header.name == "TRAILER!!!" {
      guard header.fileSize == 0 else {
        throw PayloadReaderError(
          .badSize, at: entryOffset, path: header.name,
          "the trailer carries \(header.fileSize) bytes")
      }
      state = .trailer
      return
    }
    try Self.checkType(header, at: entryOffset)
    try handle(.entry(header, offset: entryOffset))
    try advanceData(remaining: header.fileSize, handle)
  }

  /// Goes on with `remaining` bytes of data to come, ending the entry when there are none.
  private mutating func advanceData(remaining: Int64, _ handle: (Event) throws -> Void) throws {
    guard remaining == 0 else {
      state = .data(remaining: remaining)
      return
    }
    state = .header
    try handle(.entryEnd)
  }
}
