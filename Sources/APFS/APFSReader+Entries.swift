package import StagedTree
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
    var extents: [UInt64: [VolumeExtent]] = [:]
  }

  /// Every file, folder and link below the root, depth first in the tree's order.
  ///
  /// - Throws: ``APFSError/malformedContainer(_:)`` for a damaged tree.
  package func entries() throws(APFSError) -> [VolumeEntry] {
    let tree = try readTree()
    var entries: [VolumeEntry] = []
    func visit(_ folder: UInt64, path: String) {
      for child in tree.children[folder] ?? [] {
        guard let inode = tree.inodes[child.id] else { continue }
        let entry = Self.entry(path: path + "/" + child.name, id: child.id, inode: inode, in: tree)
        entries.append(entry)
        if entry.kind == .folder { visit(child.id, path: entry.path) }
      }
    }
    visit(FileSystemPlan.rootID, path: "")
    return entries
  }

  /// The root folder, at path `/`: its Finder flags say whether the volume has its own icon.
  ///
  /// - Throws: ``APFSError/malformedContainer(_:)`` for a damaged tree, or one without a root.
  package func rootFolder() throws(APFSError) -> VolumeEntry {
    let tree = try readTree()
    guard let inode = tree.inodes[FileSystemPlan.rootID] else {
      throw .malformedContainer("the file-system tree holds no root folder (inode 2)")
    }
    return Self.entry(path: "/", id: FileSystemPlan.rootID, inode: inode, in: tree)
  }

  /// The bytes of a file's data stream.
  ///
  /// - Throws: ``APFSError/malformedContainer(_:)`` when the stream lies outside the container.
  package func contents(of entry: VolumeEntry) throws(APFSError) -> [UInt8] {
    try read(entry.extents, size: entry.size, of: entry.path)
  }

  /// The value of an extended attribute (or of the resource fork): embedded, or in its own data
  /// stream.
  ///
  /// - Throws: ``APFSError/malformedContainer(_:)`` when the stream lies outside the container.
  package func value(of attribute: VolumeAttribute) throws(APFSError) -> [UInt8] {
    switch attribute.storage {
    case .inline(let value): value
    case .stream(let extents): try read(extents, size: attribute.size, of: attribute.name)
    }
  }

  /// The first `size` bytes of `extents`; `what` names their owner in the error.
  private func read(_ extents: [VolumeExtent], size: Int64, of what: String) throws(APFSError)
    -> [UInt8]
  {
    var bytes: [UInt8] = []
    for extent in extents {
      bytes += try Self.read(
        source(), at: Int64(extent.start) * Int64(blockSize),
        count: Int(extent.blockCount) * blockSize)
    }
    guard bytes.count >= size else {
      throw .malformedContainer("\(what)'s extents hold less than its size")
    }
    return Array(bytes.prefix(Int(size)))
  }

  /// The entry for an inode: its attributes sorted out into Finder info, the resource fork, the
  /// link target and the others.
  private static func entry(path: String, id: UInt64, inode: Inode, in tree: Tree) -> VolumeEntry {
    let kind: VolumeEntry.Kind =
      switch inode.mode & 0o170000 {
      case 0o040000: .folder
      case 0o120000: .symbolicLink
      default: .file
      }
    var finderInfo: [UInt8] = []
    var linkTarget: String?
    var resourceFork: VolumeAttribute?
    var attributes: [VolumeAttribute] = []
    for (name, flags, data) in tree.attributes[id] ?? [] {
      let isStream = flags & 0x1 != 0  // XATTR_DATA_STREAM
      let attribute = VolumeAttribute(
        name: name, size: attributeSize(flags: flags, data: data),
        storage: isStream
          ? .stream(tree.extents[BTreeNodeReader.child(data)] ?? []) : .inline(Array(data)))
      switch name {
      case "com.apple.fs.symlink":
        linkTarget = String(decoding: data.prefix { $0 != 0 }, as: UTF8.self)
      case SourceItem.finderInfoAttribute where !isStream: finderInfo = Array(data)
      case SourceItem.resourceForkAttribute: resourceFork = attribute
      default: attributes.append(attribute)
      }
    }
    return VolumeEntry(
      path: path, id: id, kind: kind,
      size: kind == .symbolicLink ? Int64(linkTarget?.utf8.count ?? 0) : inode.size,
      mode: inode.mode, ownerID: inode.owner, groupID: inode.group,
      modificationDate: Int64(inode.modified / 1_000_000_000), finderInfo: finderInfo,
      linkTarget: linkTarget,
      extents: tree.extents[inode.privateID] ?? [], attributes: attributes,
      resourceFork: resourceFork)
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
            VolumeExtent(
              start: try reader.getInteger(at: 8), blockCount: length / UInt64(blockSize)))
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
