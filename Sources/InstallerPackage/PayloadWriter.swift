import Deflating
import Foundation
package import StagedTree
import SystemSupport

/// Writes an installer package's payload: a cpio archive in the "odc" form, in one gzip member
/// (Installer refuses gzip streams of several members), of a staged tree.
///
/// Entries come as `pkgbuild` orders them: `.` (the tree's root) first, then every folder before
/// what it holds, siblings by the bytes of their names; owners 0:0, inode numbers 1, 2, … in
/// that order, so that the same tree and dates give the same bytes. Files are read a piece at a
/// time, so memory stays bounded whatever their sizes.
///
/// ```swift
/// let root = try SourceScanner.scan("build/MyApp.app")
/// var writer = PayloadWriter { piece in try output.append(piece) }
/// let summary = try writer.write(SourceItem(name: ".", content: .folder([root]), …))
/// ```
package struct PayloadWriter {
  /// What a payload holds, for the package's `PackageInfo`.
  package struct Summary: Sendable, Equatable {
    /// The entries of the archive, `.` included (`numberOfFiles`).
    package var entryCount = 0
    /// The bytes of the files and links' targets.
    package var contentBytes: Int64 = 0
    /// Every entry as the package's Bom lists it, in the archive's order.
    package var entries: [BomEntry] = []

    /// The disk space the entries take once installed, in KiB, as `PackageInfo` and the
    /// Distribution give it: each entry but the root in 512-byte blocks, summed, rounded up.
    package var installKilobytes: Int64 {
      let blocks = entries.dropFirst().reduce(Int64(0)) { $0 + ($1.size + 511) / 512 }
      return (blocks + 1) / 2
    }
  }

  /// How many bytes of a file each read asks for.
  static let pieceSize = 1 << 20

  private let emit: (UnsafeRawBufferPointer) throws -> Void
  private let level: Int32
  private let threads: Int

  /// A writer handing each piece of compressed output to `emit`, at zlib `level` (1–9),
  /// compressing on `threads` threads (``ParallelGzipWriter``: the bytes do not depend on
  /// how many).
  package init(
    level: Int32 = 6, threads: Int = ProcessInfo.processInfo.activeProcessorCount,
    emit: @escaping (UnsafeRawBufferPointer) throws -> Void
  ) {
    self.emit = emit
    self.level = level
    self.threads = threads
  }

  /// Writes the payload of `root`, whose name the archive calls `.`.
  ///
  /// - Returns: The count of entries and the bytes of content.
  /// - Throws: ``PayloadError`` for a file too large, a path too long, a file that changed or
  ///   cannot be read, or zlib's failure; what `emit` throws.
  @discardableResult
  package func write(_ root: SourceItem) throws -> Summary {
    let gzip = ParallelGzipWriter(level: level, threads: threads, emit: emit)
    let send = { (bytes: UnsafeRawBufferPointer) throws in
      do {
        try gzip.write(bytes)
      } catch let error as DeflateError {
        throw PayloadError.compressionFailed(error.reason)
      }
    }
    var summary = Summary()
    try add(root, path: ".", summary: &summary, send: send)
    try CPIOHeader.trailer.bytes.withUnsafeBytes { try send($0) }
    do {
      try gzip.finish()
    } catch let error as DeflateError {
      throw PayloadError.compressionFailed(error.reason)
    }
    return summary
  }

  /// Adds `item` at `path`, then, for a folder, what it holds.
  private func add(
    _ item: SourceItem, path: String, summary: inout Summary,
    send: (UnsafeRawBufferPointer) throws -> Void
  ) throws {
    guard path.utf8.count < CPIOHeader.maximumNameSize else {
      throw PayloadError.nameTooLong(path: path)
    }
    summary.entryCount += 1
    var header = CPIOHeader(
      inode: UInt32(truncatingIfNeeded: summary.entryCount), mode: UInt32(item.permissions),
      linkCount: 1, modificationTime: item.modificationDate, fileSize: 0, name: path)
    var entry = BomEntry(
      path: path, kind: .file, permissions: item.permissions,
      modificationTime: item.modificationDate, size: item.dataLength, checksum: 0)
    switch item.content {
    case .folder(let children):
      header.mode |= 0o040000
      header.linkCount = UInt32(2 + children.filter(\.isFolder).count)
      try header.bytes.withUnsafeBytes { try send($0) }
      entry.kind = .folder
      entry.size = 32 * Int64(children.count + 2)
      summary.entries.append(entry)
      for child in children.sorted(by: {
        Array($0.name.utf8).lexicographicallyPrecedes($1.name.utf8)
      }) {
        try add(child, path: path + "/" + child.name, summary: &summary, send: send)
      }
    case .symbolicLink(let target):
      header.mode |= 0o120000
      header.fileSize = Int64(target.utf8.count)
      try (header.bytes + Array(target.utf8)).withUnsafeBytes { try send($0) }
      summary.contentBytes += header.fileSize
      entry.kind = .symbolicLink(target: target)
      entry.checksum = POSIXChecksum.of(target.utf8)
      summary.entries.append(entry)
    case .data(let bytes):
      header.mode |= 0o100000
      header.fileSize = Int64(bytes.count)
      try header.bytes.withUnsafeBytes { try send($0) }
      try bytes.withUnsafeBytes { try send($0) }
      summary.contentBytes += header.fileSize
      entry.checksum = POSIXChecksum.of(bytes)
      summary.entries.append(entry)
    case .file(let source, let size):
      guard size <= CPIOHeader.maximumFileSize else {
        throw PayloadError.fileTooLarge(path: source.string, size: size)
      }
      header.mode |= 0o100000
      header.fileSize = size
      try header.bytes.withUnsafeBytes { try send($0) }
      (entry.checksum, entry.slices) = try copy(source.string, size: size, send: send)
      summary.contentBytes += size
      summary.entries.append(entry)
    }
  }

  /// Sends the `size` bytes of the file at `path`, a piece at a time, and returns their POSIX
  /// checksum and, for a universal Mach-O file, its architectures.
  private func copy(
    _ path: String, size: Int64, send: (UnsafeRawBufferPointer) throws -> Void
  ) throws -> (checksum: UInt32, slices: [BomRecord.Slice]) {
    let file: FileDescriptor
    do {
      file = try FileDescriptor.openForReading(path)
    } catch {
      throw PayloadError.unreadable(error)
    }
    defer { file.close() }
    var buffer = [UInt8](repeating: 0, count: Self.pieceSize)
    var read: Int64 = 0
    var checksum = POSIXChecksum()
    var slices = UniversalSliceChecksums()
    while true {
      let count: Int
      do {
        count = try buffer.withUnsafeMutableBytes { try file.read(into: $0) }
      } catch let error as SystemError {
        throw PayloadError.unreadable(error)
      }
      if count == 0 { break }
      guard read + Int64(count) <= size else {
        throw PayloadError.fileChanged(path: path, expected: size, read: read + Int64(count))
      }
      try buffer.withUnsafeBytes { buffer in
        let piece = UnsafeRawBufferPointer(rebasing: buffer[..<count])
        checksum.update(piece)
        slices.update(piece)
        try send(piece)
      }
      read += Int64(count)
    }
    guard read == size else {
      throw PayloadError.fileChanged(path: path, expected: size, read: read)
    }
    return (checksum.value, slices.finish(fileSize: size))
  }
}
