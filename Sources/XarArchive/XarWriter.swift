import Deflating
import Digests
import Foundation
import SystemSupport

/// Writes a xar archive, the container of a flat installer package: a 28-byte header, the table
/// of contents (zlib XML), then the heap: the table's checksum followed by each member's bytes.
///
/// Members are laid out in the order given, each folder's before what it holds; folders a path
/// goes through are added when not given. Files kept as they are (a payload, already gzip) are
/// hashed in one read and copied into the archive in the kernel where it can; zlib members (the
/// Bom, PackageInfo: small) are compressed in memory. The same members and time give the same
/// bytes; the archive is written beside its path and renamed into place, so a failure leaves
/// nothing there.
///
/// ```swift
/// try XarWriter(creationTime: 1_700_000_000).write(
///   [.file("Bom", .bytes(bom), encoding: .zlib, modificationTime: 1_700_000_000),
///    .file("Payload", .file(path: "Payload.gz"), encoding: .stored, modificationTime: 1_700_000_000)],
///   to: "Demo.pkg")
/// ```
package struct XarWriter: Sendable {
  /// The header's magic number, `xar!`.
  static let magic: UInt32 = 0x7861_7221
  /// The header's size.
  static let headerSize = 28

  /// The checksum of the table and the members.
  package var checksum: XarChecksum
  /// The archive's creation time, in seconds since 1970.
  package var creationTime: Int64
  /// zlib's level (1–9).
  package var level: Int32

  /// A writer with `checksum` (SHA-1, as `pkgbuild` writes, by default).
  package init(checksum: XarChecksum = .sha1, creationTime: Int64, level: Int32 = 6) {
    self.checksum = checksum
    self.creationTime = creationTime
    self.level = level
  }

  /// A file's bytes as they go into the heap.
  private enum Pending {
    case bytes([UInt8])
    case file(path: String, size: Int64)
  }

  /// Writes `members` to a new archive at `path`.
  ///
  /// - Throws: ``XarWriterError`` for a bad path, a file that cannot be read or changed, zlib's
  ///   failure, or an archive that cannot be written.
  package func write(_ members: [XarMember], to path: String) throws(XarWriterError) {
    var pending: [Pending] = []
    var heapOffset = Int64(checksum.algorithm.length)
    var nextID = 1
    let tree = try Self.tree(of: members, defaultTime: creationTime)
    let entries = try tree.map { node throws(XarWriterError) in
      try entry(node, nextID: &nextID, heapOffset: &heapOffset, pending: &pending)
    }
    let toc = XarTableOfContents(checksum: checksum, creationTime: creationTime, entries: entries)
    let tocBytes = Array(toc.xml.utf8)
    let compressed = try compress(tocBytes)
    let header = Self.header(
      compressedLength: compressed.count, tableLength: tocBytes.count, checksum: checksum)
    let tocChecksum = checksum.algorithm.digest(compressed)
    do {
      _ = try AtomicOutputFile.write(to: path) { output in
        try output.writeAll((header + compressed + tocChecksum)[...])
        for piece in pending {
          switch piece {
          case .bytes(let bytes): try output.writeAll(bytes[...])
          case .file(let file, let size): try Self.copy(file, size: size, into: output)
          }
        }
      }
    } catch let error as XarWriterError {
      throw error
    } catch let error as SystemError {
      throw .system(error)
    } catch {
      throw .system(SystemError("write", path: path, errorNumber: EIO))
    }
  }

  /// A member and the members under it.
  private struct Node {
    var name: String
    var member: XarMember
    var children: [Node] = []
  }

  /// The members as a tree, in the order given; folders a path goes through that were not given
  /// are made (mode 0755, time `defaultTime`).
  private static func tree(of members: [XarMember], defaultTime: Int64) throws(XarWriterError)
    -> [Node]
  {
    var roots: [Node] = []
    for member in members {
      let names = member.path.split(separator: "/", omittingEmptySubsequences: false).map(
        String.init)
      guard !names.isEmpty, !names.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." })
      else {
        throw .badPath(member.path, reason: "a path is names joined by /, none empty, . or ..")
      }
      try insert(member, names: names[...], into: &roots, defaultTime: defaultTime)
    }
    return roots
  }

  /// Puts `member` at `names` (the rest of its path) under `nodes`, making the folder of the
  /// first name when it is missing.
  private static func insert(
    _ member: XarMember, names: ArraySlice<String>, into nodes: inout [Node], defaultTime: Int64
  ) throws(XarWriterError) {
    let name = names[names.startIndex]
    let index = nodes.firstIndex { $0.name == name }
    guard names.count > 1 else {
      guard index == nil else {
        throw .badPath(member.path, reason: "given twice, or after what it holds")
      }
      nodes.append(Node(name: name, member: member))
      return
    }
    let folder: Int
    if let index {
      guard case .folder = nodes[index].member.kind else {
        throw .badPath(member.path, reason: "\(name) is a file, not a folder")
      }
      folder = index
    } else {
      let all = member.path.split(separator: "/")
      let path = all.prefix(all.count - names.count + 1).joined(separator: "/")
      nodes.append(Node(name: name, member: .folder(path, modificationTime: defaultTime)))
      folder = nodes.count - 1
    }
    try insert(
      member, names: names.dropFirst(), into: &nodes[folder].children, defaultTime: defaultTime)
  }

  /// The table's entry of `node` and its children, numbering them from `nextID` and placing
  /// their bytes from `heapOffset` on, in `pending`.
  private func entry(
    _ node: Node, nextID: inout Int, heapOffset: inout Int64, pending: inout [Pending]
  ) throws(XarWriterError) -> XarTableOfContents.Entry {
    var entry = XarTableOfContents.Entry(
      id: nextID, name: node.name, member: node.member, data: nil, children: [])
    nextID += 1
    if case .file(let content, let encoding) = node.member.kind {
      let (record, piece) = try data(content, encoding: encoding, at: heapOffset)
      entry.data = record
      pending.append(piece)
      heapOffset += record.length
    }
    for child in node.children {
      entry.children.append(
        try self.entry(child, nextID: &nextID, heapOffset: &heapOffset, pending: &pending))
    }
    return entry
  }

  /// The data record of `content` kept as `encoding` at `offset`, and its bytes to write.
  private func data(_ content: XarMember.Content, encoding: XarMember.Encoding, at offset: Int64)
    throws(XarWriterError) -> (XarTableOfContents.DataRecord, Pending)
  {
    let algorithm = checksum.algorithm
    switch (content, encoding) {
    case (.file(let path), .stored):
      let digest: FileDigest
      do {
        digest = try FileDigest(ofFileAt: path, algorithm: algorithm)
      } catch {
        throw .system(error)
      }
      let record = XarTableOfContents.DataRecord(
        length: digest.byteCount, offset: offset, size: digest.byteCount, encoding: .stored,
        archivedChecksum: digest.value, extractedChecksum: digest.value)
      return (record, .file(path: path, size: digest.byteCount))
    case (.bytes(let bytes), .stored):
      let value = algorithm.digest(bytes)
      let record = XarTableOfContents.DataRecord(
        length: Int64(bytes.count), offset: offset, size: Int64(bytes.count), encoding: .stored,
        archivedChecksum: value, extractedChecksum: value)
      return (record, .bytes(bytes))
    case (_, .zlib):
      let bytes: [UInt8]
      switch content {
      case .bytes(let given): bytes = given
      case .file(let path):
        do {
          let file = try FileDescriptor.openForReading(path)
          defer { file.close() }
          bytes = try file.read(at: 0, count: Int(try file.status().size))
        } catch {
          throw .system(error)
        }
      }
      let compressed = try compress(bytes)
      let record = XarTableOfContents.DataRecord(
        length: Int64(compressed.count), offset: offset, size: Int64(bytes.count),
        encoding: .zlib, archivedChecksum: algorithm.digest(compressed),
        extractedChecksum: algorithm.digest(bytes))
      return (record, .bytes(compressed))
    }
  }

  /// `bytes` in a zlib stream.
  private func compress(_ bytes: [UInt8]) throws(XarWriterError) -> [UInt8] {
    do {
      return try Self.compress(bytes, level: level)
    } catch {
      throw .compressionFailed(error.reason)
    }
  }

  /// `bytes` in a zlib stream of `level`.
  static func compress(_ bytes: [UInt8], level: Int32) throws(DeflateError) -> [UInt8] {
    var output: [UInt8] = []
    do {
      let deflater = try Deflater(level: level, format: .zlib)
      try bytes.withUnsafeBytes { try deflater.deflate($0, finishing: true) { output += $0 } }
    } catch let error as DeflateError {
      throw error
    } catch {
      throw DeflateError("\(error)")
    }
    return output
  }

  /// The 28-byte header of a table of contents of `tableLength` bytes, `compressedLength` once
  /// compressed, its checksum `checksum`.
  static func header(compressedLength: Int, tableLength: Int, checksum: XarChecksum) -> [UInt8] {
    bigEndian(UInt64(magic), bytes: 4) + bigEndian(UInt64(headerSize), bytes: 2)
      + bigEndian(1, bytes: 2) + bigEndian(UInt64(compressedLength), bytes: 8)
      + bigEndian(UInt64(tableLength), bytes: 8) + bigEndian(UInt64(checksum.headerCode), bytes: 4)
  }

  /// Appends the `size` bytes of the file at `path` to `output`.
  private static func copy(_ path: String, size: Int64, into output: FileDescriptor) throws {
    let source = try FileDescriptor.openForReading(path)
    defer { source.close() }
    let found = try source.status().size
    guard found == size else {
      throw XarWriterError.fileChanged(path: path, expected: size, found: found)
    }
    try output.appendRange(of: source, at: 0, count: Int(size))
  }

  /// `value`'s low `bytes` bytes, most significant first.
  static func bigEndian(_ value: UInt64, bytes: Int) -> [UInt8] {
    (0..<bytes).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64(bytes - 1 - $0))) }
  }
}
