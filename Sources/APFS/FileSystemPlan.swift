import StagedTree
import SystemSupport

/// The file-system tree of a volume for a staged tree: inode numbers, names checked and hashed,
/// extended attributes, and the data streams in the order their blocks are laid out.
///
/// Inode numbers are given depth first in the tree's order from 16 (`MIN_USER_INO_NUM`); the
/// root folder is 2 and the private folder 3, named `root` and `private-dir` in the parent 1,
/// as newfs_apfs makes them. Each file's data is one contiguous extent.
struct FileSystemPlan {
  /// Content laid out in blocks after the metadata.
  struct Stream {
    /// The data stream's identifier: the file's inode, or an attribute's own object.
    var id: UInt64
    var length: Int64
    var segment: SegmentedByteStream.Segment
    /// Whether the stream holds an extended attribute: those have no reference-count record.
    var isAttribute: Bool
  }

  let blockSize: Int
  let caseSensitive: Bool
  /// Records that do not depend on where data goes.
  private(set) var fixedRecords: [FileSystemRecord] = []
  /// The data streams planned from the tree, in the order their blocks follow each other, but
  /// for the staged `.DS_Store`'s.
  private var plannedStreams: [Stream] = []
  /// The staged `.DS_Store`'s inode record and stream (nil when it is empty) and the stream's
  /// place among the others, once ``fillDSStore(_:)`` has its bytes: kept apart, so that filling
  /// it in a copy of the plan copies none of the tree's records and streams.
  private var filledDSStore: (record: FileSystemRecord, stream: Stream?, index: Int)?
  private(set) var nextObjectID: UInt64 = 16
  private(set) var fileCount: UInt64 = 0
  private(set) var folderCount: UInt64 = 0
  private(set) var symbolicLinkCount: UInt64 = 0
  /// The root folder's date, clamped, in seconds since 1970.
  private(set) var rootDate: Int64 = 0
  /// The newest date written, in seconds since 1970.
  private(set) var latestDate: Int64 = 0
  /// The root's staged `.DS_Store`: its inode, and where its stream goes among ``streams``;
  /// the inode's record is added by ``fillDSStore(_:)``, with the stream when it has bytes.
  private var dsStore: (inode: InodeRecord, streamIndex: Int)?
  private let options: VolumeOptions

  /// The root folder's inode number (`ROOT_DIR_INO_NUM`).
  static let rootID: UInt64 = 2
  /// The private folder's inode number (`PRIV_DIR_INO_NUM`).
  static let privateID: UInt64 = 3
  /// Attribute values up to this size are stored in the record (`XATTR_MAX_EMBEDDED_SIZE`).
  static let maximumEmbeddedAttribute = 3804

  /// Plans the volume for `root`'s children.
  ///
  /// - Throws: ``APFSError`` for names APFS cannot hold or that collide in a folder.
  init(root: SourceItem, options: VolumeOptions, blockSize: Int) throws(APFSError) {
    self.blockSize = blockSize
    self.options = options
    caseSensitive = options.caseSensitive
    var rootItem = root
    rootItem.finderFlags |= options.rootFinderFlags
    let volumeName = Array(options.volumeName.utf8)
    guard !volumeName.isEmpty, volumeName.count < 256, !volumeName.contains(0) else {
      throw .invalidName(
        options.volumeName, reason: "a volume name has 1 to 255 UTF-8 bytes and no NUL")
    }
    let parentOfRoot: UInt64 = 1
    for (id, name) in [(Self.privateID, "private-dir"), (Self.rootID, "root")] {
      let special = try APFSName(name, caseSensitive: caseSensitive)
      let date = self.date(of: rootItem)
      fixedRecords.append(
        .directoryRecord(
          parent: parentOfRoot, name: special, fileID: id, dateAdded: date, fileType: 4))
      if id == Self.privateID {
        fixedRecords.append(
          InodeRecord(
            id: id, parent: parentOfRoot, date: date, childrenOrLinks: 0, owner: 0, group: 0,
            mode: 0o040755, name: special.bytes
          ).record)
      }
    }
    rootDate = clamped(rootItem.modificationDate)
    try add(rootItem, id: Self.rootID, parent: parentOfRoot, name: Array("root".utf8), path: "")
  }

  // MARK: - Items

  private mutating func add(
    _ item: SourceItem, id: UInt64, parent: UInt64, name: [UInt8], path: String
  ) throws(APFSError) {
    let date = date(of: item)
    latestDate = max(latestDate, clamped(item.modificationDate))
    var inode = InodeRecord(
      id: id, parent: parent, date: date, childrenOrLinks: 1, owner: options.ownerID,
      group: options.groupID, mode: item.permissions & 0o7777, name: name)
    var attributes = item.extendedAttributes
    let finderInfo = item.mergedFinderInfo
    if !finderInfo.isEmpty {
      attributes.append((SourceItem.finderInfoAttribute, finderInfo))
      inode.internalFlags |= InodeRecord.hasFinderInfo
    }
    if !item.resourceFork.isEmpty {
      attributes.append((SourceItem.resourceForkAttribute, item.resourceFork))
      inode.internalFlags |= InodeRecord.hasResourceFork
    }
    switch item.content {
    case .folder(let children):
      inode.mode |= 0o040000
      inode.childrenOrLinks = UInt32(children.count)
      if id != Self.rootID { folderCount += 1 }
      try addChildren(children, of: id, path: path)
    case .file(let filePath, let size):
      inode.mode |= 0o100000
      fileCount += 1
      inode.dataStream = addStream(
        id: id, length: size, segment: .file(path: filePath, length: size))
    case .data(let bytes):
      inode.mode |= 0o100000
      fileCount += 1
      if parent == Self.rootID, item.isStagedDSStore {
        dsStore = (inode, plannedStreams.count)
      } else {
        inode.dataStream = addStream(id: id, length: Int64(bytes.count), segment: .bytes(bytes))
      }
    case .symbolicLink(let target):
      if let problem = item.linkTargetProblem {
        throw .unsupportedItem(path: item.sourcePath, reason: problem)
      }
      inode.mode |= 0o120000
      symbolicLinkCount += 1
      // com.apple.fs.symlink: embedded and owned by the file system, NUL-terminated.
      fixedRecords.append(
        .extendedAttribute(
          owner: id, name: Array("com.apple.fs.symlink".utf8), flags: 0x2 | 0x4,
          data: Array(target.utf8) + [0]))
    }
    for (attributeName, value) in attributes {
      addAttribute(owner: id, name: attributeName, value: value)
    }
    // The staged .DS_Store's record waits for its bytes.
    if dsStore?.inode.id != id { fixedRecords.append(inode.record) }
  }

  /// The inode number and date (seconds since 1970) of the staged item at `path` (`/`,
  /// `/a/b`), found by walking its components through the planned directory records.
  func item(atPath path: String) -> PlannedItem? {
    var found = PlannedItem(id: Self.rootID, date: rootDate)
    for component in path.split(separator: "/") {
      guard let name = try? APFSName(String(component), caseSensitive: caseSensitive),
        let record = fixedRecords.first(where: {
          $0.type == FileSystemRecord.directoryRecordType && $0.objectID == found.id
            && $0.name == name.bytes
        })
      else { return nil }
      // j_drec_val_t: the file's inode number, then its date added (the item's date, in
      // nanoseconds).
      let value = ByteReader(record.value, bigEndian: false)
      guard let id = try? value.getInteger(at: 0, as: UInt64.self),
        let added = try? value.getInteger(at: 8, as: UInt64.self)
      else { return nil }
      found = PlannedItem(id: id, date: Int64(added / 1_000_000_000))
    }
    return found
  }

  /// Puts `bytes` in the root's staged `.DS_Store`: its inode record, and its stream where the
  /// tree's order puts it; the streams after it move, nothing else changes.
  mutating func fillDSStore(_ bytes: [UInt8]) {
    guard let (staged, index) = dsStore else {
      precondition(bytes.isEmpty, "the root has no staged .DS_Store to hold the bytes")
      return
    }
    var inode = staged
    var stream: Stream?
    if !bytes.isEmpty {
      stream = Stream(
        id: inode.id, length: Int64(bytes.count), segment: .bytes(bytes), isAttribute: false)
      inode.dataStream = FileSystemRecord.dataStream(
        length: UInt64(bytes.count), blockSize: blockSize)
    }
    filledDSStore = (inode.record, stream, index)
    dsStore = nil
  }

  /// The data streams, in the order their blocks follow each other: the planned ones with the
  /// `.DS_Store`'s in its place.
  var streams: LazyMapCollection<Range<Int>, Stream> {
    let inserted = filledDSStore.flatMap { filled in filled.stream.map { ($0, filled.index) } }
    return (0..<plannedStreams.count + (inserted == nil ? 0 : 1)).lazy.map { position in
      guard let (stream, index) = inserted, position >= index else {
        return plannedStreams[position]
      }
      return position == index ? stream : plannedStreams[position - 1]
    }
  }

  private mutating func addChildren(_ children: [SourceItem], of folder: UInt64, path: String)
    throws(APFSError)
  {
    var seen: [[UInt32]: String] = [:]
    var planned: [(SourceItem, APFSName, UInt64)] = []
    for child in children {
      let name = try APFSName(child.name, caseSensitive: caseSensitive)
      if let other = seen[name.comparisonScalars] {
        throw .conflictingNames(
          folder: path.isEmpty ? "/" : path, first: other, second: child.name,
          caseSensitive: caseSensitive)
      }
      seen[name.comparisonScalars] = child.name
      let id = nextObjectID
      nextObjectID += 1
      planned.append((child, name, id))
    }
    for (child, name, id) in planned {
      let childPath = path + "/" + child.name
      let type: UInt16 =
        switch child.content {
        case .folder: 4  // DT_DIR
        case .file, .data: 8  // DT_REG
        case .symbolicLink: 10  // DT_LNK
        }
      fixedRecords.append(
        .directoryRecord(
          parent: folder, name: name, fileID: id, dateAdded: date(of: child), fileType: type))
      try add(child, id: id, parent: folder, name: name.bytes, path: childPath)
    }
  }

  /// An attribute embedded in its record, or in a data stream of its own when it is large.
  private mutating func addAttribute(owner: UInt64, name: String, value: [UInt8]) {
    if value.count <= Self.maximumEmbeddedAttribute {
      fixedRecords.append(
        .extendedAttribute(owner: owner, name: Array(name.utf8), flags: 0x2, data: value))
      return
    }
    let streamID = nextObjectID
    nextObjectID += 1
    let stream = addStream(
      id: streamID, length: Int64(value.count), segment: .bytes(value), isAttribute: true)
    fixedRecords.append(
      .extendedAttribute(
        owner: owner, name: Array(name.utf8), flags: 0x1,
        data: BTreeBuilder.littleEndian(streamID) + (stream ?? [])))
  }

  /// Places a stream's blocks after the others; returns its `j_dstream_t`, or nil for an empty
  /// stream.
  private mutating func addStream(
    id: UInt64, length: Int64, segment: SegmentedByteStream.Segment, isAttribute: Bool = false
  ) -> [UInt8]? {
    guard length > 0 else { return nil }
    plannedStreams.append(
      Stream(id: id, length: length, segment: segment, isAttribute: isAttribute))
    return FileSystemRecord.dataStream(length: UInt64(length), blockSize: blockSize)
  }

  /// The blocks the streams take, one after the other.
  var dataBlocks: Int64 { streams.reduce(0) { $0 + blocks(for: $1.length) } }

  // MARK: - Records

  /// The file-system tree's records and the extent-reference tree's, with data starting at
  /// block `dataStart`, each sorted.
  func records(dataStart: Int64) -> (fileSystem: [BTreeRecord], extentReferences: [BTreeRecord]) {
    var records = fixedRecords
    if let filledDSStore { records.append(filledDSStore.record) }
    var references: [BTreeRecord] = []
    var nextBlock = dataStart
    for stream in streams {
      let start = UInt64(nextBlock)
      let blocks = UInt64(blocks(for: stream.length))
      nextBlock += Int64(blocks)
      if !stream.isAttribute { records.append(.dataStreamID(stream.id)) }
      records.append(
        .fileExtent(
          streamID: stream.id, logicalOffset: 0, length: blocks * UInt64(blockSize),
          physicalBlock: start))
      references.append(
        FileSystemRecord.physicalExtent(start: start, blocks: blocks, owner: stream.id).btreeRecord)
    }
    records.sort(by: <)
    // Keys are unique: names were checked for collisions and identifiers are given once.
    assert(zip(records, records.dropFirst()).allSatisfy { $0 < $1 }, "file-system keys repeat")
    return (records.map(\.btreeRecord), references)
  }

  func blocks(for length: Int64) -> Int64 { (length + Int64(blockSize) - 1) / Int64(blockSize) }

  // MARK: - Dates

  /// A source date clamped to the limit, in seconds.
  func clamped(_ seconds: Int64) -> Int64 {
    max(0, options.clamped(seconds))
  }

  /// An item's date, clamped, in nanoseconds.
  func date(of item: SourceItem) -> UInt64 {
    UInt64(clamped(item.modificationDate)) * 1_000_000_000
  }
}
