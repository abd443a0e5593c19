import Deflating
import Digests
import Foundation
package import SystemSupport

/// Reads a xar archive, such as a flat installer package: its header, its table of contents
/// (checked against the checksum at the heap's start) and each file's bytes (checked against
/// both of their checksums and their size).
///
/// The archive is treated as hostile: lengths and offsets are checked against the file before
/// anything is read or allocated, the table's XML is bounded in size, depth and count, and a
/// problem is a ``XarReaderError`` naming the part and its byte. Bytes past the end of the heap
/// (a stapled ticket) are allowed.
///
/// ```swift
/// let archive = try XarReader(source: bytes, size: size)
/// for entry in archive.entries where entry.kind == .file {
///   let contents = try archive.contents(of: entry)
/// }
/// ```
package struct XarReader {
  /// The largest table of contents read, inflated: 64 MiB names about 100,000 files.
  package static let maximumTableBytes: Int64 = 64 << 20
  /// The largest file ``contents(of:limit:)`` returns unless told otherwise: 64 MiB.
  package static let defaultContentsLimit: Int64 = 64 << 20

  /// The entries of the table of contents, each folder before what it holds.
  package let entries: [XarEntry]
  /// The header's checksum algorithm code (1 SHA-1, 3 SHA-256 in Apple's xar).
  package let checksumCode: UInt32
  /// The table of contents' XML.
  package let tableOfContents: [UInt8]
  /// Where the heap starts in the file.
  package let heapOffset: Int64
  /// The file's size.
  package let size: Int64
  /// The checksum of the table and, as a rule, of the members.
  package let tableChecksum: XarChecksum
  /// The table's digest as stored at the heap's start: what a signature signs.
  package let storedTableDigest: [UInt8]
  /// The table's digest computed from its compressed bytes (``storedTableDigest`` when the
  /// table is intact).
  package let tableDigest: [UInt8]
  /// The table's `<creation-time>` as written (UTC, `2023-11-14T22:13:20`), if it names one.
  package let creationTime: String?
  /// The signatures the table names, with their bytes, in its order.
  package let signatures: [XarSignature]
  /// Where the archive ends: the end of the furthest thing in the heap that lies in the file
  /// (the table's checksum, a signature, a file's data).
  package let archiveEnd: Int64
  let source: any RandomAccessByteSource

  /// How many bytes follow the archive's end: a stapled notarization ticket, or 0.
  package var trailingByteCount: Int64 { size - archiveEnd }

  /// The signature of `style`, if the table names one.
  package func signature(_ style: XarSignature.Style) -> XarSignature? {
    signatures.first { $0.style == style }
  }

  /// Reads the header and the table of contents of the archive whose `size` bytes `source`
  /// gives, and checks the table against its checksum.
  ///
  /// - Parameters:
  ///   - source: The archive's bytes.
  ///   - size: How many there are.
  ///   - requiringIntactTable: Whether a table that does not match its checksum is an error;
  ///     a verifier passes `false` and compares ``tableDigest`` with ``storedTableDigest``.
  /// - Throws: ``XarReaderError`` for a malformed archive, a signature outside the file or a
  ///   table that does not match its checksum; what `source` throws.
  package init(
    source: any RandomAccessByteSource, size: Int64, requiringIntactTable: Bool = true
  ) throws {
    self.source = source
    self.size = size
    let header = try source.read(at: 0, count: 28)
    guard header.count == 28, header.starts(with: Array("xar!".utf8)) else {
      throw XarReaderError("header", at: 0, "not a xar archive (no xar! at its start)")
    }
    let headerSize = Int64(Self.integer(header[4..<6]))
    let version = Self.integer(header[6..<8])
    let compressedLength = Int64(bitPattern: Self.integer(header[8..<16]))
    let tableLength = Int64(bitPattern: Self.integer(header[16..<24]))
    checksumCode = UInt32(Self.integer(header[24..<28]))
    guard (28...4096).contains(headerSize), version == 1 else {
      throw XarReaderError("header", at: 4, "size \(headerSize) or version \(version) is not xar's")
    }
    guard compressedLength > 0, compressedLength <= size - headerSize else {
      throw XarReaderError(
        "header", at: 8,
        "the table of contents is \(compressedLength) bytes, past the file's \(size)")
    }
    guard tableLength > 0, tableLength <= Self.maximumTableBytes else {
      throw XarReaderError(
        "header", at: 16,
        "the table of contents inflates to \(tableLength) bytes (at most \(Self.maximumTableBytes) are read)"
      )
    }
    heapOffset = headerSize + compressedLength
    do {
      tableOfContents = try Inflater.inflate(
        from: source, at: headerSize, compressedSize: compressedLength,
        uncompressedSize: tableLength, format: .zlib)
    } catch let error as InflateError {
      throw XarReaderError("table of contents", at: error.offset, error.problem)
    }
    let parser = XarTableOfContentsParser()
    guard parser.parse(Data(tableOfContents)), let record = parser.checksum else {
      throw XarReaderError("table of contents", at: headerSize, parser.problem ?? "unreadable")
    }
    entries = parser.entries
    creationTime = parser.creationTime
    let checksum = try Self.checksum(record.style, part: "table of contents", at: headerSize)
    let algorithm = checksum.algorithm
    guard checksum.headerCode == checksumCode else {
      throw XarReaderError(
        "table of contents", at: headerSize,
        "its checksum is \(record.style), the header says algorithm \(checksumCode)")
    }
    guard record.size == Int64(algorithm.length), record.offset >= 0,
      record.offset <= size - heapOffset - record.size
    else {
      throw XarReaderError(
        "table of contents", at: headerSize, "its checksum lies outside the file")
    }
    let stored = try source.read(at: heapOffset + record.offset, count: Int(record.size))
    let digest = IncrementalDigest(algorithm)
    var read: Int64 = 0
    while read < compressedLength {
      let piece = try source.read(
        at: headerSize + read, count: Int(min(1 << 20, compressedLength - read)))
      guard !piece.isEmpty else { break }
      digest.update(piece)
      read += Int64(piece.count)
    }
    tableChecksum = checksum
    storedTableDigest = stored
    tableDigest = digest.finish()
    guard stored == tableDigest || !requiringIntactTable else {
      throw XarReaderError(
        "table of contents", at: heapOffset + record.offset,
        "its \(record.style) checksum does not match the bytes (the table was changed or damaged)"
      )
    }
    signatures = try Self.read(parser.signatures, from: source, heap: heapOffset, size: size)
    archiveEnd = Self.end(
      of: [(record.offset, record.size)] + signatures.map { ($0.offset, $0.size) }
        + entries.compactMap { $0.data.map { ($0.offset, $0.length) } }
        + parser.attributeRanges,
      heap: heapOffset, size: size)
  }

  /// The bytes of the file `entry`, decoded and checked against its size and both checksums.
  ///
  /// - Parameters:
  ///   - entry: One of ``entries``; a folder or link has none.
  ///   - limit: The largest file returned (the caller reads larger ones otherwise).
  /// - Returns: The file's bytes.
  /// - Throws: ``XarReaderError`` when the data lies outside the heap, is larger than `limit`,
  ///   uses an encoding or checksum not read here, or does not match; what `source` throws.
  package func contents(of entry: XarEntry, limit: Int64 = defaultContentsLimit) throws -> [UInt8] {
    let part = "file \(entry.path)"
    guard let data = entry.data else { return [] }
    // Each bound before any sum: an offset near Int64.max must not overflow.
    guard data.offset >= 0, data.length >= 0, data.offset <= size - heapOffset,
      data.length <= size - heapOffset - data.offset
    else {
      throw XarReaderError(part, at: heapOffset, "its data lies past the end of the file")
    }
    let start = heapOffset + data.offset
    guard data.size <= limit, data.length <= limit else {
      throw XarReaderError(part, at: start, "it is \(data.size) bytes, more than the \(limit) read")
    }
    let archived = try source.read(at: start, count: Int(data.length))
    try Self.check(
      archived, against: data.archivedChecksum, part: part, at: start, what: "archived")
    let decoded: [UInt8]
    switch data.encoding {
    case "application/octet-stream": decoded = archived
    case "application/x-gzip":
      do {
        decoded = try Inflater.inflate(
          from: MemoryByteSource(archived), at: 0, compressedSize: data.length,
          uncompressedSize: data.size, format: .zlib)
      } catch let error as InflateError {
        throw XarReaderError(part, at: start + error.offset, error.problem)
      }
    default:
      throw XarReaderError(part, at: start, "its encoding \(data.encoding) is not read here")
    }
    guard Int64(decoded.count) == data.size else {
      throw XarReaderError(
        part, at: start, "it is \(decoded.count) bytes, its record says \(data.size)")
    }
    try Self.check(
      decoded, against: data.extractedChecksum, part: part, at: start, what: "extracted")
    return decoded
  }

  /// Checks `bytes` against `checksum`.
  private static func check(
    _ bytes: [UInt8], against checksum: (style: String, hex: String), part: String,
    at offset: Int64,
    what: String
  ) throws {
    let algorithm = try Self.checksum(checksum.style, part: part, at: offset).algorithm
    guard algorithm.digest(bytes).hex == checksum.hex else {
      throw XarReaderError(
        part, at: offset, "its \(what) \(checksum.style) checksum does not match")
    }
  }

  /// The checksum of `style`, or an error about `part` naming a style not read here.
  private static func checksum(_ style: String, part: String, at offset: Int64) throws
    -> XarChecksum
  {
    guard let checksum = XarChecksum(style: style) else {
      throw XarReaderError(part, at: offset, "its checksum style \(style) is not read here")
    }
    return checksum
  }

  /// The big-endian integer of `bytes`.
  private static func integer(_ bytes: ArraySlice<UInt8>) -> UInt64 {
    bytes.reduce(0) { $0 << 8 | UInt64($1) }
  }
}
