import Deflating
package import SystemSupport

/// Reads an installer package's payload: one gzip member holding a cpio archive in the odc
/// form, as ``PayloadWriter`` and `pkgbuild` write it, fed in pieces of any size.
///
/// Each entry comes out once its bytes have passed: its header, and the size and POSIX `cksum`
/// of its bytes (a link's target is kept, the files' bytes never are), so memory stays bounded
/// by the inflater's buffer and one header whatever the payload holds. The payload is treated
/// as hostile: every field is checked before use, names are bounded and must lie below `.`, and
/// each problem is a ``PayloadReaderError`` naming the entry and its byte. A second gzip member
/// or bytes after the first are refused, as Installer refuses them.
///
/// ```swift
/// let reader = try PayloadReader()
/// for piece in pieces { try reader.feed(piece) { entry in print(entry.path, entry.checksum) } }
/// try reader.finish()
/// ```
package final class PayloadReader {
  /// The longest name an entry may have, with its NUL, and the longest link target: 4 KiB,
  /// four times macOS's `MAXPATHLEN`.
  package static let maximumNameSize = 4096
  /// How many bytes each read of a ``SystemSupport/RandomAccessByteSource`` asks for unless
  /// told otherwise: 1 MiB.
  package static let pieceSize = 1 << 20

  private let inflater: InflateStream
  private var parser = CPIOParser()
  /// The entry whose bytes are passing: its header, where it starts, its checksum so far and,
  /// for a link, its target so far.
  private var current: (header: CPIOHeader, offset: Int64)?
  private var checksum = POSIXChecksum()
  private var target: [UInt8] = []
  /// The payload's bytes fed so far.
  private var fed: Int64 = 0
  /// Called with each piece of a regular file's bytes as it passes, with the file's path, for
  /// a reader that extracts them; `nil` keeps only their size and checksum.
  package var fileBytes: ((_ path: String, _ bytes: UnsafeRawBufferPointer) throws -> Void)?

  // MARK: - Lifecycle

  /// A reader at the start of a payload.
  ///
  /// - Throws: ``PayloadReaderError`` when zlib cannot start.
  package init() throws(PayloadReaderError) {
    do {
      inflater = try InflateStream(format: .gzip)
    } catch {
      throw PayloadReaderError(.damagedCompression, at: 0, error.problem)
    }
  }

  // MARK: - API

  /// Reads the next bytes of the payload, calling `handle` with each entry they complete.
  ///
  /// - Throws: ``PayloadReaderError`` for a payload that is not one gzip member of a
  ///   well-formed odc archive; what `handle` throws.
  package func feed(
    _ bytes: UnsafeRawBufferPointer, _ handle: (PayloadEntry) throws -> Void
  ) throws {
    guard !bytes.isEmpty else { return }
    try checkMagic(bytes)
    var used = 0
    if !inflater.isFinished {
      do {
        used = try inflater.inflate(bytes) { output in
          try parser.feed(output) { event in try self.take(event, handle) }
        }
      } catch let error as InflateError {
        throw PayloadReaderError(.damagedCompression, at: error.offset, error.problem)
      }
    }
    defer { fed += Int64(bytes.count) }
    guard used == bytes.count else {
      let rest = bytes[used...]
      let second = rest.starts(with: [0x1F, 0x8B].prefix(rest.count))
      throw PayloadReaderError(
        second ? .secondGzipMember : .bytesAfterGzipMember, at: fed + Int64(used),
        second
          ? "a second gzip member follows the first (Installer reads only one)"
          : "bytes that are not a gzip member follow it")
    }
  }

  /// Reads the next bytes of the payload, calling `handle` with each entry they complete.
  ///
  /// - Throws: As ``feed(_:_:)-(UnsafeRawBufferPointer,_)``.
  package func feed(_ bytes: [UInt8], _ handle: (PayloadEntry) throws -> Void) throws {
    try bytes.withUnsafeBytes { try feed($0, handle) }
  }

  /// Checks that the payload ended with its gzip member and its archive's trailer.
  ///
  /// - Throws: ``PayloadReaderError`` for a payload that ends early.
  package func finish() throws(PayloadReaderError) {
    guard fed > 0 else { throw PayloadReaderError(.notGzip, at: 0, "the payload is empty") }
    guard inflater.isFinished else {
      throw PayloadReaderError(
        .truncatedCompression, at: fed, "the payload ends inside its gzip member")
    }
    try parser.finish()
  }

  /// Reads the `count` bytes of a payload at `offset` in `source`, `pieceSize` bytes at a time,
  /// calling `handle` with each entry, and `fileBytes` with each piece of a file's bytes.
  ///
  /// - Throws: ``PayloadReaderError``; what `source` or `handle` throws.
  package static func read(
    from source: any RandomAccessByteSource, at offset: Int64 = 0, count: Int64,
    pieceSize: Int = pieceSize,
    fileBytes: ((_ path: String, _ bytes: UnsafeRawBufferPointer) throws -> Void)? = nil,
    _ handle: (PayloadEntry) throws -> Void
  ) throws {
    precondition(pieceSize > 0, "a payload is read in pieces of at least a byte")
    let reader = try PayloadReader()
    reader.fileBytes = fileBytes
    var read: Int64 = 0
    while read < count {
      let piece = try source.read(
        at: offset + read, count: Int(min(Int64(pieceSize), count - read)))
      guard !piece.isEmpty else { break }
      try reader.feed(piece, handle)
      read += Int64(piece.count)
    }
    try reader.finish()
  }

  /// Every entry of the payload `bytes`.
  ///
  /// - Throws: ``PayloadReaderError``.
  package static func entries(in bytes: [UInt8]) throws -> [PayloadEntry] {
    var entries: [PayloadEntry] = []
    try read(from: MemoryByteSource(bytes), count: Int64(bytes.count)) { entries.append($0) }
    return entries
  }

  // MARK: - Entries

  /// Follows the archive's `event`, handing a completed entry to `handle`.
  private func take(_ event: CPIOParser.Event, _ handle: (PayloadEntry) throws -> Void) throws {
    switch event {
    case .entry(let header, let offset):
      current = (header, offset)
      checksum = POSIXChecksum()
      target.removeAll(keepingCapacity: true)
    case .bytes(let bytes):
      checksum.update(bytes)
      guard let header = current?.header else { return }
      switch header.mode & CPIOParser.typeMask {
      case CPIOParser.symbolicLink: target.append(contentsOf: bytes)
      case CPIOParser.regularFile: try fileBytes?(header.name, bytes)
      default: break
      }
    case .entryEnd:
      guard let (header, offset) = current else { return }
      current = nil
      try handle(entry(header, at: offset))
    }
  }

  /// The entry of `header`, at `offset`, whose bytes have passed.
  private func entry(_ header: CPIOHeader, at offset: Int64) -> PayloadEntry {
    let type = header.mode & CPIOParser.typeMask
    let kind: PayloadEntry.Kind =
      switch type {
      case CPIOParser.regularFile: .file
      case CPIOParser.folder: .folder
      case CPIOParser.symbolicLink: .symbolicLink(target: String(decoding: target, as: UTF8.self))
      default: .special(typeBits: type)
      }
    return PayloadEntry(
      path: header.name, kind: kind, mode: header.mode, userID: header.userID,
      groupID: header.groupID, modificationTime: header.modificationTime,
      size: header.fileSize, checksum: checksum.value, offset: offset)
  }

  /// Checks that the payload starts as a gzip member does (`1F 8B`).
  private func checkMagic(_ bytes: UnsafeRawBufferPointer) throws(PayloadReaderError) {
    let magic: [UInt8] = [0x1F, 0x8B]
    guard fed < magic.count else { return }
    for index in Int(fed)..<min(magic.count, Int(fed) + bytes.count)
    where bytes[index - Int(fed)] != magic[index] {
      throw PayloadReaderError(
        .notGzip, at: Int64(index),
        "the payload does not start as a gzip member (1F 8B); a pbzx one (pkgbuild "
          + "--compression latest) is not read here")
    }
  }
}
