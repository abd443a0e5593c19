import StagedTree
import SystemSupport
import VolumeInterface

extension FileSystemPlan {
  /// Plans staged `item` as inode `id`, whose entry already holds its name and parent (the
  /// root's: `root` in the parent 1), and everything under it.
  mutating func add(_ item: SourceItem, id: UInt64, path: String) throws(APFSError) {
    var entry = self.entry(id)
    entry.date = clamped(item.modificationDate)
    latestDate = max(latestDate, entry.date)
    entry.mode = item.permissions & 0o7777
    var attributes: [Attribute] = []
    var staged = item.extendedAttributes
    let finderInfo = item.mergedFinderInfo
    if !finderInfo.isEmpty {
      staged.append((SourceItem.finderInfoAttribute, finderInfo))
      entry.flags |= Entry.hasFinderInfo
    }
    if !item.resourceFork.isEmpty {
      staged.append((SourceItem.resourceForkAttribute, item.resourceFork))
      entry.flags |= Entry.hasResourceFork
    }
    switch item.content {
    case .folder(let children):
      entry.kind = .folder
      entry.mode |= 0o040000
      entry.childCount = UInt32(children.count)
      if id != Self.rootID { folderCount += 1 }
      entry.firstChild = UInt32(nextObjectID)
      try addChildren(children, of: id, path: path)
    case .file(let filePath, let size):
      entry.kind = .file
      entry.mode |= 0o100000
      fileCount += 1
      entry.streamIndex = addStream(
        owner: id, length: size, segment: .file(path: filePath, length: size))
    case .data(let bytes):
      entry.kind = .file
      entry.mode |= 0o100000
      fileCount += 1
      if entry.parent == Self.rootID, item.isStagedDSStore {
        // Its stream waits for its bytes.
        dsStore = (id, plannedStreams.count)
      } else {
        entry.streamIndex = addStream(
          owner: id, length: Int64(bytes.count), segment: .bytes(bytes))
      }
    case .symbolicLink(let target):
      if let problem = item.linkTargetProblem {
        throw .unsupportedItem(path: item.sourcePath, reason: problem)
      }
      entry.kind = .symbolicLink
      entry.mode |= 0o120000
      symbolicLinkCount += 1
      // com.apple.fs.symlink: embedded and owned by the file system, NUL-terminated.
      attributes.append(
        Attribute(
          name: Array("com.apple.fs.symlink".utf8), flags: 0x2 | 0x4,
          data: Array(target.utf8) + [0]))
    }
    for (attributeName, value) in staged {
      attributes.append(attribute(owner: id, name: attributeName, value: value))
    }
    if !attributes.isEmpty {
      entry.extrasIndex = UInt32(extras.count)
      // Stable: attributes of one name keep their order, as the records' sort kept it.
      extras.append(attributes.sorted { $0.name.lexicographicallyPrecedes($1.name) })
    }
    if id == Self.rootID { root = entry } else { entries[Int(id - Self.firstEntryID)] = entry }
  }

  /// Numbers `children` of `folder` one after the other, in their order, checks their names,
  /// orders their directory records, then plans each.
  private mutating func addChildren(_ children: [SourceItem], of folder: UInt64, path: String)
    throws(APFSError)
  {
    var seen: [[UInt32]: String] = [:]
    let first = entries.count
    for child in children {
      let name = try APFSName(child.name, caseSensitive: caseSensitive)
      if let other = seen[name.comparisonScalars] {
        throw .conflictingNames(
          folder: path.isEmpty ? "/" : path, first: other, second: child.name,
          caseSensitive: caseSensitive)
      }
      seen[name.comparisonScalars] = child.name
      entries.append(
        Entry(
          parent: UInt32(folder), nameStart: appendName(name.bytes), nameHash: name.hash,
          nameLength: UInt8(name.bytes.count)))
    }
    // Directory records sort by hash, then by name.
    let order = (first..<entries.count).sorted { a, b in
      let (x, y) = (entries[a], entries[b])
      return Self.directoryOrder(x.nameHash, name(of: x), y.nameHash, name(of: y))
    }
    for (slot, index) in zip(first..., order) {
      entries[slot].directoryOrder = UInt32(Self.firstEntryID + UInt64(index))
    }
    for (offset, child) in children.enumerated() {
      try add(
        child, id: Self.firstEntryID + UInt64(first + offset), path: path + "/" + child.name)
    }
  }

  /// An attribute embedded in its record, or in a data stream of its own when it is large.
  private mutating func attribute(owner: UInt64, name: String, value: [UInt8]) -> Attribute {
    guard value.count > Self.maximumEmbeddedAttribute else {
      return Attribute(name: Array(name.utf8), flags: 0x2, data: value)
    }
    let streamID = nextObjectID
    var stream = Entry()
    stream.streamIndex = addStream(
      owner: streamID, length: Int64(value.count), segment: .bytes(value))
    entries.append(stream)
    return Attribute(
      name: Array(name.utf8), flags: 0x1,
      data: BTreeBuilder.littleEndian(streamID)
        + FileSystemRecord.dataStream(length: UInt64(value.count), blockSize: blockSize))
  }

  /// Places a stream's blocks after the others; returns its index, or ``Entry/none`` for an
  /// empty stream.
  private mutating func addStream(
    owner: UInt64, length: Int64, segment: SegmentedByteStream.Segment
  ) -> UInt32 {
    guard length > 0 else { return Entry.none }
    plannedStreams.append(Stream(segment: segment, owner: UInt32(owner), firstBlock: plannedBlocks))
    plannedBlocks += blocks(for: length)
    return UInt32(plannedStreams.count - 1)
  }
}
