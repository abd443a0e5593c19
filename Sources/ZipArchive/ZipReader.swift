import Deflating
package import SystemSupport

/// Reads a zip archive (PKWARE's APPNOTE.TXT): its central directory, Zip64 records included,
/// and the data of stored and deflated entries, such as the zip of an app that `ditto -c -k
/// --keepParent` or Python's `zipfile` writes.
///
/// The archive is treated as hostile: every count, size and offset is checked against the file
/// and the structure holding it before anything is read or allocated, and a problem is a
/// ``ZipReaderError`` naming the structure and its byte.
///
/// ```swift
/// let zip = try ZipReader(path: "dist/MyApp.zip")
/// if let plist = zip.entries.first(where: { $0.name.hasSuffix(".app/Contents/Info.plist") }) {
///   let bytes = try zip.contents(of: plist)
/// }
/// ```
package final class ZipReader {
  // MARK: - Properties

  /// The entries of the central directory, in its order.
  package let entries: [ZipDirectoryEntry]
  /// Where the central directory starts: every entry's data lies before it.
  package let centralDirectoryOffset: Int64
  private let source: any RandomAccessByteSource
  private let closeSource: () -> Void

  /// The largest central directory read: 64 MiB holds about a million entries.
  package static let maximumCentralDirectoryBytes: Int64 = 64 << 20
  /// The largest entry ``contents(of:limit:)`` returns unless told otherwise: 64 MiB.
  package static let defaultContentsLimit: Int64 = 64 << 20

  // MARK: - Lifecycle

  /// Opens the archive at `path` and reads its central directory.
  ///
  /// - Throws: ``SystemError`` when the file cannot be read, ``ZipReaderError`` when it is not a
  ///   well-formed zip archive.
  package convenience init(path: String) throws {
    let descriptor = try FileDescriptor.openForReading(path)
    do {
      let size = try descriptor.status().size
      try self.init(source: DescriptorSource(descriptor: descriptor), size: size) {
        descriptor.close()
      }
    } catch {
      descriptor.close()
      throw error
    }
  }

  /// Reads the central directory of the archive whose `size` bytes `source` gives.
  ///
  /// - Parameters:
  ///   - source: The archive's bytes.
  ///   - size: How many bytes the archive has.
  ///   - close: Called once the reader is gone.
  /// - Throws: ``ZipReaderError`` for a malformed archive, or what `source` throws.
  package init(
    source: any RandomAccessByteSource, size: Int64, close: @escaping () -> Void = {}
  ) throws {
    let directory = try ZipCentralDirectory(source: source, size: size)
    self.entries = directory.entries
    self.centralDirectoryOffset = directory.offset
    self.source = source
    self.closeSource = close
  }

  deinit { closeSource() }

  // MARK: - API

  /// The uncompressed data of `entry`, checked against its size and CRC-32.
  ///
  /// - Parameters:
  ///   - entry: One of ``entries``.
  ///   - limit: The most bytes the entry may have; a larger one is an error before anything
  ///     is read.
  /// - Returns: The entry's bytes.
  /// - Throws: ``ZipReaderError`` for a damaged local header, data outside the archive, an
  ///   unsupported method or encryption, a stream that does not inflate to the recorded size,
  ///   or a CRC-32 that differs.
  package func contents(of entry: ZipDirectoryEntry, limit: Int64 = defaultContentsLimit) throws
    -> [UInt8]
  {
    let structure = "entry \(entry.index) (\(entry.name))"
    guard entry.uncompressedSize <= limit else {
      throw ZipReaderError(
        structure, at: entry.localHeaderOffset,
        "has \(entry.uncompressedSize) bytes uncompressed, more than the \(limit) allowed")
    }
    guard entry.flags & 1 == 0 else {
      throw ZipReaderError(structure, at: entry.localHeaderOffset, "is encrypted")
    }
    let dataOffset = try localDataOffset(of: entry, structure: structure)
    let data: [UInt8]
    switch entry.method {
    case ZipFormat.methodStored:
      guard entry.compressedSize == entry.uncompressedSize else {
        throw ZipReaderError(
          structure, at: entry.localHeaderOffset,
          "is stored but its sizes differ (\(entry.compressedSize) and \(entry.uncompressedSize))")
      }
      data = try source.read(at: dataOffset, count: Int(entry.compressedSize))
      guard data.count == entry.compressedSize else {
        throw ZipReaderError(structure, at: dataOffset, "its data ends early")
      }
    case ZipFormat.methodDeflate:
      do {
        data = try Inflater.inflate(
          from: source, at: dataOffset, compressedSize: entry.compressedSize,
          uncompressedSize: entry.uncompressedSize, format: .raw)
      } catch let error as InflateError {
        throw ZipReaderError(structure, at: error.offset, error.problem)
      }
    default:
      throw ZipReaderError(
        structure, at: entry.localHeaderOffset,
        "uses compression method \(entry.method); only 0 (stored) and 8 (deflate) are read")
    }
    let crc = data.withUnsafeBytes { ZipFormat.crc32($0) }
    guard crc == entry.crc32 else {
      throw ZipReaderError(
        structure, at: dataOffset,
        "CRC-32 of its data is \(hex(crc)), the central directory says \(hex(entry.crc32))")
    }
    return data
  }

  /// Where the data of `entry` starts: after its local header, name and extra field, all of
  /// which must lie before the central directory, as must the data.
  private func localDataOffset(of entry: ZipDirectoryEntry, structure: String) throws -> Int64 {
    let headerOffset = entry.localHeaderOffset
    let header = try source.read(at: headerOffset, count: 30)
    var reader = ByteReader(header, bigEndian: false)
    guard header.count == 30,
      try reader.readInteger(as: UInt32.self) == ZipFormat.localHeaderSignature
    else {
      throw ZipReaderError(structure, at: headerOffset, "no local file header signature there")
    }
    let nameLength = Int64(try reader.getInteger(at: 26, as: UInt16.self))
    let extraLength = Int64(try reader.getInteger(at: 28, as: UInt16.self))
    let dataOffset = headerOffset + 30 + nameLength + extraLength
    guard dataOffset <= centralDirectoryOffset,
      entry.compressedSize <= centralDirectoryOffset - dataOffset
    else {
      throw ZipReaderError(
        structure, at: headerOffset,
        "its data (\(entry.compressedSize) bytes at byte \(dataOffset)) runs into the central "
          + "directory at byte \(centralDirectoryOffset)")
    }
    return dataOffset
  }
}

/// `0x` and eight hexadecimal digits.
func hex(_ value: UInt32) -> String {
  let digits = String(value, radix: 16)
  return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
}

/// A file descriptor as a source of bytes at any offset.
private struct DescriptorSource: RandomAccessByteSource {
  let descriptor: FileDescriptor
  func read(at offset: Int64, count: Int) throws -> [UInt8] {
    try descriptor.read(at: offset, count: count)
  }
}
