import StagedTree
import SystemSupport
package import VolumeInterface

extension APFSReader {
  /// Every file, folder and link below the root, depth first in the tree's order.
  ///
  /// A folder reached a second time (a directory record pointing at its own folder, at an
  /// ancestor, or at a folder listed elsewhere) is an error, not a loop; the walk keeps its own
  /// stack, so no depth of folders overflows the thread's.
  ///
  /// - Throws: ``APFSError/malformedContainer(_:)`` for a damaged tree.
  package func entries() throws(APFSError) -> [VolumeEntry] {
    let tree = try readTree()
    var entries: [VolumeEntry] = []
    var listed: Set<UInt64> = [FileSystemPlan.rootID]
    var stack: [(folder: UInt64, path: String, next: Int)] = [(FileSystemPlan.rootID, "", 0)]
    while let top = stack.last {
      let children = tree.children[top.folder] ?? []
      guard top.next < children.count else {
        stack.removeLast()
        continue
      }
      stack[stack.count - 1].next += 1
      let child = children[top.next]
      guard let inode = tree.inodes[child.id] else { continue }
      let entry = Self.entry(
        path: top.path + "/" + child.name, name: child.name, id: child.id, inode: inode, in: tree)
      entries.append(entry)
      guard entry.kind == .folder else { continue }
      let record = "directory record \(child.name.debugDescription) in folder \(top.folder)"
      if child.id == top.folder {
        throw .malformedContainer("\(record) points at folder \(child.id), the folder itself")
      }
      if stack.contains(where: { $0.folder == child.id }) {
        throw .malformedContainer("\(record) points at folder \(child.id), one of its ancestors")
      }
      guard listed.insert(child.id).inserted else {
        throw .malformedContainer("\(record) points at folder \(child.id), listed elsewhere")
      }
      stack.append((child.id, entry.path, 0))
    }
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

  /// `count` bytes of a file's data stream from `offset`, fewer past its end; only the blocks
  /// that hold them are read.
  ///
  /// - Throws: ``APFSError/malformedContainer(_:)`` when the stream lies outside the container.
  package func contents(of entry: VolumeEntry, at offset: Int64, count: Int) throws(APFSError)
    -> [UInt8]
  {
    guard offset >= 0, count >= 0, entry.size >= 0 else {
      throw .malformedContainer("\(entry.path): a read of \(count) bytes at \(offset)")
    }
    let end = min(entry.size, offset + min(Int64(count), entry.size))
    let blockSize = Int64(blocks.blockSize)
    var result: [UInt8] = []
    result.reserveCapacity(Int(max(0, end - offset)))
    var position = offset
    var streamOffset: Int64 = 0
    for extent in entry.extents where position < end {
      guard extent.blockCount <= blocks.count else {
        throw .malformedContainer(
          "\(entry.path)'s extent at block \(extent.start) has \(extent.blockCount) blocks, more than the container's \(blocks.count)"
        )
      }
      let length = Int64(extent.blockCount) * blockSize
      if position < streamOffset + length {
        let first = (position - streamOffset) / blockSize
        let stop = min(end, streamOffset + length)
        let last = (stop - streamOffset + blockSize - 1) / blockSize
        let what = "\(entry.path)'s extent at block \(extent.start)"
        let bytes = try blocks.read(
          try blocks.address(extent.start, plus: UInt64(first), of: what),
          blocks: UInt64(last - first), of: what)
        let skip = Int(position - streamOffset - first * blockSize)
        result += bytes[skip..<(skip + Int(stop - position))]
        position = stop
      }
      streamOffset += length
    }
    guard position == end else {
      throw .malformedContainer(
        "\(entry.path)'s extents hold less than its size of \(entry.size) bytes")
    }
    return result
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

  /// The first `size` bytes of `extents`, reading no block past them; `what` names their owner
  /// in the error.
  private func read(_ extents: [VolumeExtent], size: Int64, of what: String) throws(APFSError)
    -> [UInt8]
  {
    guard size >= 0, size <= blocks.byteCount else {
      throw .malformedContainer(
        "\(what): a size of \(size) bytes, more than the container's \(blocks.byteCount)")
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(Int(size))
    let blockSize = Int64(blocks.blockSize)
    for extent in extents where bytes.count < size {
      let needed = UInt64((size - Int64(bytes.count) + blockSize - 1) / blockSize)
      bytes += try blocks.read(
        extent.start, blocks: min(extent.blockCount, needed),
        of: "\(what)'s extent at block \(extent.start)")
    }
    guard bytes.count >= size else {
      throw .malformedContainer("\(what)'s extents hold less than its size of \(size) bytes")
    }
    return Array(bytes.prefix(Int(size)))
  }

  /// The entry for an inode: its attributes sorted out into Finder info, the resource fork, the
  /// link target and the others.
  private static func entry(
    path: String, name: String? = nil, id: UInt64, inode: FileSystemTree.Inode,
    in tree: FileSystemTree
  )
    -> VolumeEntry
  {
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
      path: path, name: name, id: id, kind: kind,
      size: kind == .symbolicLink ? Int64(linkTarget?.utf8.count ?? 0) : inode.size,
      mode: inode.mode, ownerID: inode.owner, groupID: inode.group,
      modificationDate: Int64(inode.modified / 1_000_000_000), finderInfo: finderInfo,
      linkTarget: linkTarget,
      extents: tree.extents[inode.privateID] ?? [], attributes: attributes,
      resourceFork: resourceFork)
  }

  private func readTree() throws(APFSError) -> FileSystemTree {
    try FileSystemTree(blocks: blocks, root: rootTree, objectMap: volumeMap)
  }

  /// An attribute's size: its embedded data's, or its data stream's (`j_xattr_dstream_t`,
  /// which ``FileSystemTree`` checked to be below 2^63).
  private static func attributeSize(flags: UInt16, data: ArraySlice<UInt8>) -> Int64 {
    guard flags & 0x1 != 0 else { return Int64(data.count) }
    return Int64(truncatingIfNeeded: BTreeNodeReader.child(data.dropFirst(8)))
  }
}
