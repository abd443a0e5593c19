import SystemSupport

extension APFSReader {
  private struct Inode {
    var parent: UInt64
    var mode: UInt16
    var owner: UInt32
    var group: UInt32
    var modified: UInt64
    var privateID: UInt64
    var size: Int64 = 0
  }

  private struct Tree {
    var inodes: [UInt64: Inode] = [:]
    var children: [UInt64: [(name: String, id: UInt64)]] = [:]
    var attributes: [UInt64: [(name: String, flags: UInt16, data: ArraySlice<UInt8>)]] = [:]
    var extents: [UInt64: [(start: UInt64, blocks: UInt64)]] = [:]
  }

  /// Every file, folder and link below the root, depth first in the tree's order.
  ///
  /// - Throws: ``APFSError/malformedContainer(_:)`` for a damaged tree.
  package func entries() throws(APFSError) -> [APFSEntry] {
    let tree = try readTree()
    var entries: [APFSEntry] = []
    func visit(_ folder: UInt64, path: String) {
      for child in tree.children[folder] ?? [] {
        guard let inode = tree.inodes[child.id] else { continue }
        let childPath = path + "/" + child.name
        let attributes = tree.attributes[child.id] ?? []
        let kind: APFSEntry.Kind =
          switch inode.mode & 0o170000 {
          case 0o040000: .folder
          case 0o120000: .symbolicLink
          default: .file
          }
        let target = attributes.first { $0.name == "com.apple.fs.symlink" }.map {
          String(decoding: $0.data.prefix { $0 != 0 }, as: UTF8.self)
        }
        var flags: UInt16 = 0
        if let info = attributes.first(where: { $0.name == "com.apple.FinderInfo" }),
          info.data.count >= 10
        {
          let start = info.data.startIndex
          flags = UInt16(info.data[start + 8]) << 8 | UInt16(info.data[start + 9])
        }
        entries.append(
          APFSEntry(
            path: childPath, id: child.id, kind: kind,
            size: kind == .symbolicLink ? Int64(target?.utf8.count ?? 0) : inode.size,
            mode: inode.mode, ownerID: inode.owner, groupID: inode.group,
            modificationDate: Int64(inode.modified / 1_000_000_000), finderFlags: flags,
            linkTarget: target,
            attributes: attributes.filter { $0.name != "com.apple.fs.symlink" }.map {
              ($0.name, Self.attributeSize(flags: $0.flags, data: $0.data), $0.flags & 0x1 == 0)
            },
            extents: tree.extents[inode.privateID] ?? []))
        if kind == .folder { visit(child.id, path: childPath) }
      }
    }
    visit(2, path: "")
    return entries
  }

  /// The root folder's Finder flags, such as `kHasCustomIcon` (0x0400) for a volume icon.
  package func rootFinderFlags() throws(APFSError) -> UInt16 {
    guard
      let info = try readTree().attributes[2]?.first(where: { $0.name == "com.apple.FinderInfo" }),
      info.data.count >= 10
    else { return 0 }
    return UInt16(info.data[info.data.startIndex + 8]) << 8
      | UInt16(info.data[info.data.startIndex + 9])
  }

  /// The bytes of a file's data stream.
  package func contents(of entry: APFSEntry) throws(APFSError) -> [UInt8] {
    var bytes: [UInt8] = []
    for extent in entry.extents {
      bytes += try Self.read(
        source(), at: Int64(extent.start) * Int64(blockSize),
        count: Int(extent.blocks) * blockSize)
    }
    guard bytes.count >= entry.size else {
      throw .malformedContainer("\(entry.path)'s extents hold less than its size")
    }
    return Array(bytes.prefix(Int(entry.size)))
  }

  /// The value of an embedded extended attribute.
  package func attribute(_ name: String, of entry: APFSEntry) throws(APFSError) -> [UInt8]? {
    try readTree().attributes[entry.id]?.first { $0.name == name && $0.flags & 0x2 != 0 }
      .map { Array($0.data) }
  }

  private func readTree() throws(APFSError) -> Tree {
    var tree = Tree()
    let map = volumeMap
    let resolve: (UInt64) -> UInt64? = { map[$0] }
    try Self.walk(source(), node: rootTree, blockSize: blockSize, resolve: resolve) {
      key, value throws(APFSError) in
      let header = BTreeNodeReader.child(key)
      let id = header & 0x0FFF_FFFF_FFFF_FFFF
      let reader = ByteReader(value, bigEndian: false)
      do {
        switch UInt8(header >> 60) {
        case FileSystemRecord.inodeType:
          var inode = Inode(
            parent: try reader.getInteger(at: 0), mode: try reader.getInteger(at: 80),
            owner: try reader.getInteger(at: 72), group: try reader.getInteger(at: 76),
            modified: try reader.getInteger(at: 24), privateID: try reader.getInteger(at: 8))
          inode.size = try Self.dataStreamSize(reader, length: value.count)
          tree.inodes[id] = inode
        case FileSystemRecord.directoryRecordType:
          let nameStart = key.startIndex + 12
          let name = key[nameStart...].prefix { $0 != 0 }
          tree.children[id, default: []].append(
            (String(decoding: name, as: UTF8.self), try reader.getInteger(at: 0)))
        case FileSystemRecord.xattrType:
          let name = key[(key.startIndex + 10)...].prefix { $0 != 0 }
          let flags = try reader.getInteger(at: 0, as: UInt16.self)
          let length = Int(try reader.getInteger(at: 2, as: UInt16.self))
          tree.attributes[id, default: []].append(
            (
              String(decoding: name, as: UTF8.self), flags,
              try reader.getBytes(at: 4, count: length)
            )
          )
        case FileSystemRecord.fileExtentType:
          let length = try reader.getInteger(at: 0, as: UInt64.self) & 0x00FF_FFFF_FFFF_FFFF
          tree.extents[id, default: []].append(
            (try reader.getInteger(at: 8), length / UInt64(blockSize)))
        default: break
        }
      } catch {
        throw .malformedContainer("a record of object \(id) is cut short")
      }
    }
    return tree
  }

  /// An attribute's size: its embedded data's, or its data stream's (`j_xattr_dstream_t`).
  private static func attributeSize(flags: UInt16, data: ArraySlice<UInt8>) -> Int64 {
    guard flags & 0x1 != 0 else { return Int64(data.count) }
    return Int64(BTreeNodeReader.child(data.dropFirst(8)))
  }

  /// The size in an inode's data-stream field (`INO_EXT_TYPE_DSTREAM`), or 0.
  private static func dataStreamSize(_ reader: ByteReader, length: Int) throws -> Int64 {
    guard length > 96 else { return 0 }
    let count = Int(try reader.getInteger(at: 92, as: UInt16.self))
    var dataOffset = 96 + 4 * count
    for index in 0..<count {
      let type = try reader.getInteger(at: 96 + 4 * index, as: UInt8.self)
      let size = Int(try reader.getInteger(at: 98 + 4 * index, as: UInt16.self))
      if type == 8 { return Int64(try reader.getInteger(at: dataOffset, as: UInt64.self)) }
      dataOffset += (size + 7) / 8 * 8
    }
    return 0
  }
}
