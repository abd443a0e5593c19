import SystemSupport

/// Writes an installer package's bill of materials (`Bom`): the `BOMStore` that lists every
/// path of the payload with its mode, owner (0:0), time, size, POSIX `cksum` checksum and link
/// target, which Installer keeps as the receipt `pkgutil --files` and `lsbom` read.
///
/// Paths are numbered folder by folder from the root (each folder's entries by the bytes of
/// their names), so the `Paths` tree's leaves run in the (parent, name) order `lsbom` needs and
/// in the order of their numbers and records. As `mkbom` does, `HLIndex` holds one entry per path
/// (keyed by its record's block, valued with an empty tree), `VIndex` an empty tree, and
/// `Size64` the true size of each file past 4 GiB, keyed by its record's block.
///
/// ```swift
/// let bom = try BomWriter.bytes(of: summary.entries)  // from PayloadWriter
/// ```
package enum BomWriter {
  /// The architecture field of a record: `mkbom` writes 15 for ordinary entries, 0x200F for
  /// universal Mach-O files, whose records list their architectures.
  static let architecture: UInt16 = 15
  static let universalArchitecture: UInt16 = 0x200F
  /// The bytes before the first block.
  static let headerSize = 512
  /// The node size of the `Paths`, `HLIndex` and `Size64` trees.
  static let nodeSize = 4096

  /// The Bom of `entries`, given root first and each folder before what it holds, as
  /// ``PayloadWriter`` lists them.
  ///
  /// - Throws: ``BomError`` for a list without its root, a path twice or before its folder,
  ///   or a list too large for a Bom's 32-bit offsets.
  package static func bytes(of entries: [BomEntry]) throws(BomError) -> [UInt8] {
    let order = try numbering(entries)
    var blocks = BomBlocks()
    let info = blocks.add { writer in
      let architectures = Self.architectureTotals(entries)
      for field in [1, UInt32(entries.count + 1), UInt32(architectures.count)] {
        writer.writeInteger(field)
      }
      for (cpuType, total) in architectures {
        for field in [cpuType, 0, UInt32(truncatingIfNeeded: total), 0] {
          writer.writeInteger(field)
        }
      }
    }
    var records: [UInt32] = []
    var paths: [BomBlocks.Entry] = []
    for (number, item) in order.enumerated() {
      let entry = entries[item.index]
      let record = blocks.add { write(entry, to: &$0) }
      let name = blocks.add { writer in
        writer.writeInteger(item.parent)
        writer.writeBytes(entry.name.utf8)
        writer.writeZeros(1)
      }
      paths.append((blocks.add(fields: UInt32(number + 1), record), name))
      records.append(record)
    }
    let pathsTree = blocks.addTree(paths, nodeSize: nodeSize)
    let links = records.map { record in
      let empty = blocks.addTree([], nodeSize: 64)
      return (blocks.add(fields: empty), blocks.add(fields: record))
    }
    let linksTree = blocks.addTree(links, nodeSize: nodeSize)
    let versions = blocks.addTree([], nodeSize: 128)
    let versionIndex = blocks.add { writer in
      for field in [1, versions, 0] { writer.writeInteger(field) }
      writer.writeZeros(1)
    }
    let large = zip(order, records).compactMap { item, record -> BomBlocks.Entry? in
      let entry = entries[item.index]
      guard entry.kind == .file, entry.size > Int64(UInt32.max) else { return nil }
      return (blocks.add(fields: UInt64(entry.size)), blocks.add(fields: record))
    }
    let sizesTree = blocks.addTree(large, nodeSize: nodeSize)
    let variables: [(String, UInt32)] = [
      ("BomInfo", info), ("Paths", pathsTree), ("HLIndex", linksTree), ("VIndex", versionIndex),
      ("Size64", sizesTree),
    ]
    return try store(blocks, variables: variables)
  }

  /// Each path's place in the Bom (folder by folder from the root) and its folder's number.
  private static func numbering(_ entries: [BomEntry]) throws(BomError)
    -> [(index: Int, parent: UInt32)]
  {
    guard let root = entries.first, root.path == ".", root.kind == .folder else {
      throw .noRoot
    }
    guard entries.count < Int(UInt32.max) / 8 else { throw .tooLarge(entries.count) }
    var indexOfPath: [Substring: Int] = [:]
    var children = [[Int]](repeating: [], count: entries.count)
    for (index, entry) in entries.enumerated() {
      let path = entry.path[...]
      guard indexOfPath.updateValue(index, forKey: path) == nil else {
        throw .repeatedPath(entry.path)
      }
      guard index > 0 else { continue }
      guard let parentPath = entry.parentPath, let parent = indexOfPath[parentPath],
        entries[parent].kind == .folder
      else { throw .missingFolder(entry.path) }
      children[parent].append(index)
    }
    var order: [(index: Int, parent: UInt32)] = [(0, 0)]
    order.reserveCapacity(entries.count)
    var next = 0
    while next < order.count {
      let folder = order[next].index
      next += 1
      let sorted = children[folder].sorted {
        entries[$0].name.utf8.lexicographicallyPrecedes(entries[$1].name.utf8)
      }
      order += sorted.map { ($0, UInt32(next)) }
    }
    return order
  }

  /// Writes `entry`'s path record, sized as `mkbom` sizes them: a folder's 31 bytes, a file's
  /// 35, a link's 31 with its target, its NUL and 8 more.
  private static func write(_ entry: BomEntry, to writer: inout ByteWriter) {
    let type: UInt8 =
      switch entry.kind {
      case .file: 1
      case .folder: 2
      case .symbolicLink: 3
      }
    writer.writeInteger(type)
    writer.writeInteger(UInt8(1))
    writer.writeInteger(entry.slices.isEmpty ? architecture : universalArchitecture)
    writer.writeInteger(entry.mode)
    writer.writeZeros(8)  // uid and gid: root, wheel
    writer.writeInteger(UInt32(clamping: max(entry.modificationTime, 0)))
    writer.writeInteger(UInt32(truncatingIfNeeded: entry.size))
    writer.writeInteger(UInt8(1))
    writer.writeInteger(entry.checksum)
    switch entry.kind {
    case .folder: writer.writeZeros(4)
    case .file where !entry.slices.isEmpty:
      // A byte 1, the count, each architecture's CPU, subtype, size and checksum, 8 zeros.
      writer.writeInteger(UInt8(1))
      writer.writeInteger(UInt32(entry.slices.count))
      for slice in entry.slices {
        for field in [slice.cpuType, slice.cpuSubtype, slice.size, slice.checksum] {
          writer.writeInteger(field)
        }
      }
      writer.writeZeros(8)
    case .file: writer.writeZeros(8)
    case .symbolicLink(let target):
      writer.writeInteger(UInt32(target.utf8.count + 1))
      writer.writeBytes(target.utf8)
      writer.writeZeros(9)
    }
  }

  /// `BomInfo`'s totals, as `mkbom` gives them: the bytes of the files and links that are not
  /// universal Mach-O (CPU type 0), then each architecture's bytes in universal files, by CPU
  /// type.
  static func architectureTotals(_ entries: [BomEntry]) -> [(cpuType: UInt32, total: Int64)] {
    var plain: Int64 = 0
    var byType: [UInt32: Int64] = [:]
    for entry in entries where entry.kind != .folder {
      if entry.slices.isEmpty { plain += entry.size }
      for slice in entry.slices { byType[slice.cpuType, default: 0] += Int64(slice.size) }
    }
    return [(0, plain)] + byType.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
  }

  /// The file: header, blocks, the block table and an empty free list, then the variables.
  private static func store(_ blocks: BomBlocks, variables: [(String, UInt32)]) throws(BomError)
    -> [UInt8]
  {
    var writer = ByteWriter(capacity: headerSize + blocks.data.count + 8 * blocks.ranges.count)
    writer.writeBytes("BOMStore".utf8)
    writer.writeZeros(headerSize - 8)
    writer.writeBytes(blocks.data.bytes)
    let indexOffset = writer.count
    writer.writeInteger(UInt32(blocks.ranges.count))
    for (number, range) in blocks.ranges.enumerated() {
      writer.writeInteger(UInt32(truncatingIfNeeded: number == 0 ? 0 : headerSize + range.start))
      writer.writeInteger(UInt32(truncatingIfNeeded: range.count))
    }
    writer.writeInteger(UInt32(0))
    let variablesOffset = writer.count
    writer.writeInteger(UInt32(variables.count))
    for (name, block) in variables {
      writer.writeInteger(block)
      writer.writeInteger(UInt8(name.utf8.count))
      writer.writeBytes(name.utf8)
    }
    guard writer.count <= Int(UInt32.max) else { throw .tooLarge(blocks.ranges.count) }
    let header: [UInt32] = [
      1, UInt32(blocks.ranges.count - 1), UInt32(indexOffset),
      UInt32(variablesOffset - indexOffset), UInt32(variablesOffset),
      UInt32(writer.count - variablesOffset),
    ]
    for (number, field) in header.enumerated() { writer.setInteger(field, at: 8 + 4 * number) }
    return writer.bytes
  }
}
