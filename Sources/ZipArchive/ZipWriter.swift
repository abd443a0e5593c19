import Deflating
import SystemSupport

/// Writes a zip archive entry by entry to a ``ZipOutput``, streaming each file's bytes: memory
/// stays bounded by a 1 MiB buffer and the central directory, whatever the files' sizes.
///
/// Files are deflated (raw deflate through zlib) unless deflate does not pay, then stored;
/// folders and symbolic links are stored (a link's target is its data). Every entry carries its
/// Unix mode ("made by" Unix), the UTF-8 flag and its modification time; Zip64 fields appear only
/// where a size, an offset or the count needs them. The same entries give the same bytes.
///
/// ```swift
/// let writer = ZipWriter(output: FileZipOutput(descriptor))
/// for entry in entries { try writer.add(entry) }
/// try writer.finish()
/// ```
package final class ZipWriter {
  let output: any ZipOutput
  let level: Int32
  private var directory: [ZipRecords.CentralEntry] = []
  private var buffer = [UInt8](repeating: 0, count: 1 << 20)
  /// After this much input, a file whose deflated bytes are not fewer than its bytes so far is
  /// stored instead, without deflating the rest.
  static let giveUpAfter: Int64 = 4 << 20

  /// Makes a writer that appends to `output`, deflating at `level` (zlib's 1–9; 6 by default).
  package init(output: any ZipOutput, level: Int32 = 6) {
    self.output = output
    self.level = level
  }

  /// Writes `entry`, reading a file's bytes from its path.
  ///
  /// - Throws: ``ZipWriterError/invalidName(_:reason:)``, ``ZipWriterError/fileChanged(path:
  ///   expected:found:)`` when a file's size is not the one scanned, ``SystemError`` when a file
  ///   cannot be read or the output written.
  package func add(_ entry: ZipEntry) throws {
    let name = try Self.checkedName(entry)
    let time = ZipDOSTime(unixTime: entry.modificationTime)
    let headerOffset = output.offset
    var central = ZipRecords.CentralEntry(
      name: name, method: ZipFormat.methodStored, time: time,
      modificationTime: entry.modificationTime, crc: 0, compressedSize: 0, size: 0,
      localHeaderOffset: UInt64(headerOffset), externalAttributes: entry.externalAttributes)
    switch entry.kind {
    case .directory:
      try append(
        ZipRecords.localHeader(
          name: name, method: ZipFormat.methodStored, time: time,
          modificationTime: entry.modificationTime, size: 0))
    case .symbolicLink(let target):
      let data = Array(target.utf8)
      try append(
        ZipRecords.localHeader(
          name: name, method: ZipFormat.methodStored, time: time,
          modificationTime: entry.modificationTime, size: UInt64(data.count)))
      try append(data)
      central.crc = data.withUnsafeBytes { ZipFormat.crc32($0) }
      (central.size, central.compressedSize) = (UInt64(data.count), UInt64(data.count))
      try patch(headerAt: headerOffset, central, nameCount: name.count)
    case .file(let path, let size):
      let method = size > 0 ? ZipFormat.methodDeflate : ZipFormat.methodStored
      try append(
        ZipRecords.localHeader(
          name: name, method: method, time: time, modificationTime: entry.modificationTime,
          size: UInt64(size)))
      (central.method, central.crc, central.compressedSize) = try writeData(
        of: path, size: size, deflating: size > 0)
      central.size = UInt64(size)
      try patch(headerAt: headerOffset, central, nameCount: name.count)
    }
    directory.append(central)
  }

  /// Writes the central directory and the end records; the archive is then complete.
  ///
  /// - Throws: ``SystemError`` when the output cannot be written.
  package func finish() throws {
    let directoryOffset = output.offset
    for entry in directory { try append(ZipRecords.centralHeader(entry)) }
    try append(
      ZipRecords.end(
        count: UInt64(directory.count), directoryOffset: UInt64(directoryOffset),
        directorySize: UInt64(output.offset - directoryOffset)))
  }

  // MARK: - Implementation

  /// The file's bytes, deflated or (when that does not pay) stored: the method, CRC-32 and
  /// compressed size written.
  private func writeData(of path: String, size: Int64, deflating: Bool) throws -> (
    UInt16, UInt32, UInt64
  ) {
    let dataOffset = output.offset
    if deflating, let (crc, compressed) = try deflate(path, size: size) {
      return (ZipFormat.methodDeflate, crc, UInt64(compressed))
    }
    try output.truncate(to: dataOffset)
    let crc = try read(path, size: size) { try output.append($0) }
    return (ZipFormat.methodStored, crc, UInt64(size))
  }

  /// Deflates the file into the output; `nil` when the deflated bytes are not fewer than the
  /// file's (the caller cuts them off and stores the file).
  private func deflate(_ path: String, size: Int64) throws -> (UInt32, Int64)? {
    let deflater: Deflater
    do {
      deflater = try Deflater(level: level, format: .raw)
    } catch {
      throw ZipWriterError.compressionFailed(error.reason)
    }
    var compressed: Int64 = 0
    var consumed: Int64 = 0
    let emit = { (piece: UnsafeRawBufferPointer) throws in
      try self.output.append(piece)
      compressed += Int64(piece.count)
    }
    struct DoesNotPay: Error {}
    let crc: UInt32
    do {
      crc = try read(path, size: size) { chunk in
        try deflater.deflate(chunk, finishing: false, emit: emit)
        consumed += Int64(chunk.count)
        if consumed >= Self.giveUpAfter, compressed >= consumed { throw DoesNotPay() }
      }
    } catch is DoesNotPay {
      return nil
    } catch let error as DeflateError {
      throw ZipWriterError.compressionFailed(error.reason)
    }
    do {
      try deflater.deflate(
        UnsafeRawBufferPointer(start: nil, count: 0), finishing: true, emit: emit)
    } catch let error as DeflateError {
      throw ZipWriterError.compressionFailed(error.reason)
    }
    return compressed < size ? (crc, compressed) : nil
  }

  /// Reads the file in 1 MiB pieces, handing each to `body`; returns the CRC-32 of its bytes.
  private func read(_ path: String, size: Int64, _ body: (UnsafeRawBufferPointer) throws -> Void)
    throws -> UInt32
  {
    let descriptor = try FileDescriptor.openForReading(path)
    defer { descriptor.close() }
    var crc: UInt32 = 0
    var total: Int64 = 0
    while true {
      let count = try buffer.withUnsafeMutableBytes { try descriptor.read(into: $0) }
      if count == 0 { break }
      total += Int64(count)
      guard total <= size else { break }
      try buffer.withUnsafeBytes { whole in
        let piece = UnsafeRawBufferPointer(rebasing: whole[..<count])
        crc = ZipFormat.crc32(piece, continuing: crc)
        try body(piece)
      }
    }
    guard total == size else {
      throw ZipWriterError.fileChanged(path: path, expected: size, found: total)
    }
    return crc
  }

  /// Fills in the method, CRC-32 and compressed size of the local header at `offset`.
  private func patch(headerAt offset: Int64, _ entry: ZipRecords.CentralEntry, nameCount: Int)
    throws
  {
    var fields = ByteWriter(bigEndian: false)
    fields.writeInteger(entry.method)
    try output.set(fields.bytes, at: offset + ZipRecords.LocalField.method)
    fields = ByteWriter(bigEndian: false)
    fields.writeInteger(entry.crc)
    if entry.size >= ZipRecords.max32 {
      try output.set(fields.bytes, at: offset + ZipRecords.LocalField.crc)
      fields = ByteWriter(bigEndian: false)
      fields.writeInteger(entry.compressedSize)
      try output.set(
        fields.bytes, at: offset + ZipRecords.LocalField.zip64CompressedSize(nameCount: nameCount))
    } else {
      fields.writeInteger(UInt32(entry.compressedSize))
      try output.set(fields.bytes, at: offset + ZipRecords.LocalField.crc)
    }
  }

  private func append(_ bytes: [UInt8]) throws {
    try bytes.withUnsafeBytes { try output.append($0) }
  }

  /// The entry's name as UTF-8, checked: relative, no `..` or empty component, at most 65,535
  /// bytes, and ending with `/` exactly when it is a folder.
  static func checkedName(_ entry: ZipEntry) throws(ZipWriterError) -> [UInt8] {
    let name = entry.name
    let isFolder = entry.kind == .directory
    let components = (isFolder ? String(name.dropLast()) : name).split(
      separator: "/", omittingEmptySubsequences: false)
    if name.hasPrefix("/") { throw .invalidName(name, reason: "is absolute") }
    if isFolder != name.hasSuffix("/") {
      throw .invalidName(name, reason: isFolder ? "is a folder without a final /" : "ends with /")
    }
    if components.contains(where: { $0.isEmpty || $0 == ".." || $0 == "." }) {
      throw .invalidName(name, reason: "has an empty, . or .. component")
    }
    let bytes = Array(name.utf8)
    guard bytes.count <= Int(UInt16.max) else {
      throw .invalidName(name, reason: "is longer than 65,535 bytes")
    }
    return bytes
  }
}
