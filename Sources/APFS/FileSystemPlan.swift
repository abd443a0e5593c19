import StagedTree
import SystemSupport
import VolumeInterface

/// The file-system tree of a volume for a staged tree: inode numbers, names checked and hashed,
/// extended attributes, and the data streams in the order their blocks are laid out.
///
/// Inode numbers are given depth first in the tree's order from 16 (`MIN_USER_INO_NUM`); the
/// root folder is 2 and the private folder 3, named `root` and `private-dir` in the parent 1,
/// as newfs_apfs makes them. Each file's data is one contiguous extent.
///
/// Kept compact, since a volume of a million files is planned whole before it is written:
/// each object is a small ``Entry`` in inode-number order, every name is in one shared array
/// of UTF-8 bytes, and each data stream is the one segment that will read it. The records are
/// made from these in key order as the tree is written (``fileSystemRecords(dataStart:)``),
/// never held.
struct FileSystemPlan {
  let blockSize: Int
  let caseSensitive: Bool
  /// The private and root folders, in the order of their directory records in the parent 1.
  var rootFolders: [(id: UInt64, name: APFSName)] = []
  /// The root folder's entry (inode 2).
  var root = Entry()
  /// The entries of inodes 16, 17, ...: items and the streams of large attributes.
  var entries: [Entry] = []
  /// Every entry's name, one after another (see ``Entry/nameRange``).
  var names: [UInt8] = []
  /// The attributes of the entries that have any, each list sorted by name.
  var extras: [[Attribute]] = []
  /// The data streams planned from the tree, in the order their blocks follow each other, but
  /// for the staged `.DS_Store`'s.
  var plannedStreams: [Stream] = []
  /// The blocks the planned streams take.
  var plannedBlocks: Int64 = 0
  /// The root's staged `.DS_Store`: its inode, and where its stream goes among the planned
  /// ones.
  var dsStore: (id: UInt64, streamIndex: Int)?
  /// The `.DS_Store`'s stream, once ``fillDSStore(_:)`` has bytes for it: kept apart, so that
  /// filling it in a copy of the plan copies none of the tree's entries and streams.
  var filledDSStore: Stream?
  var fileCount: UInt64 = 0
  var folderCount: UInt64 = 0
  var symbolicLinkCount: UInt64 = 0
  /// The root folder's date, clamped, in seconds since 1970.
  var rootDate: Int64 = 0
  /// The newest date written, in seconds since 1970.
  var latestDate: Int64 = 0
  let options: VolumeOptions

  /// The parent of the root and private folders.
  static let parentOfRoot: UInt64 = 1
  /// The root folder's inode number (`ROOT_DIR_INO_NUM`).
  static let rootID: UInt64 = 2
  /// The private folder's inode number (`PRIV_DIR_INO_NUM`).
  static let privateID: UInt64 = 3
  /// The first inode number of an item (`MIN_USER_INO_NUM`).
  static let firstEntryID: UInt64 = 16
  /// Attribute values up to this size are stored in the record (`XATTR_MAX_EMBEDDED_SIZE`).
  static let maximumEmbeddedAttribute = 3804

  /// The next object identifier to give.
  var nextObjectID: UInt64 { Self.firstEntryID + UInt64(entries.count) }

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
    rootDate = clamped(rootItem.modificationDate)
    for (id, name) in [(Self.privateID, "private-dir"), (Self.rootID, "root")] {
      rootFolders.append((id, try APFSName(name, caseSensitive: caseSensitive)))
    }
    rootFolders.sort {
      Self.directoryOrder($0.name.hash, $0.name.bytes, $1.name.hash, $1.name.bytes)
    }
    // Reserved so that a large tree's lists never grow (growing copies them, and holds the
    // old and the new list at once).
    let itemCount = root.descendantCount
    entries.reserveCapacity(itemCount)
    plannedStreams.reserveCapacity(itemCount)
    self.root = Entry(
      parent: UInt32(Self.parentOfRoot), nameStart: appendName(Array("root".utf8)), nameLength: 4)
    try add(rootItem, id: Self.rootID, path: "")
  }

  /// The entry of inode `id` (the root's, or an item's or stream's from 16).
  func entry(_ id: UInt64) -> Entry {
    id == Self.rootID ? root : entries[Int(id - Self.firstEntryID)]
  }

  /// The stored name of `entry`.
  func name(of entry: Entry) -> ArraySlice<UInt8> { names[entry.nameRange] }

  /// The inode number and date (seconds since 1970) of the staged item at `path` (`/`,
  /// `/a/b`), found by walking its components through the planned folders.
  func item(atPath path: String) -> PlannedItem? {
    var found = PlannedItem(id: Self.rootID, date: rootDate)
    for component in path.split(separator: "/") {
      let folder = entry(found.id)
      guard folder.kind == .folder,
        let name = try? APFSName(String(component), caseSensitive: caseSensitive),
        let child = (0..<UInt64(folder.childCount)).lazy.map({ UInt64(folder.firstChild) + $0 })
          .first(where: { self.name(of: entry($0)).elementsEqual(name.bytes) })
      else { return nil }
      found = PlannedItem(id: child, date: entry(child).date)
    }
    return found
  }

  /// Puts `bytes` in the root's staged `.DS_Store`: its stream goes where the tree's order
  /// puts it; the streams after it move, nothing else changes.
  mutating func fillDSStore(_ bytes: [UInt8]) {
    guard let dsStore else {
      precondition(bytes.isEmpty, "the root has no staged .DS_Store to hold the bytes")
      return
    }
    guard !bytes.isEmpty else { return }
    let index = dsStore.streamIndex
    filledDSStore = Stream(
      segment: .bytes(bytes), owner: UInt32(dsStore.id),
      firstBlock: index < plannedStreams.count ? plannedStreams[index].firstBlock : plannedBlocks)
  }

  /// The blocks the streams take, one after the other.
  var dataBlocks: Int64 { plannedBlocks + dsStoreBlocks }

  /// The blocks the filled `.DS_Store`'s stream takes, which move the streams after it.
  var dsStoreBlocks: Int64 { filledDSStore.map { blocks(for: $0.segment.length) } ?? 0 }

  func blocks(for length: Int64) -> Int64 { (length + Int64(blockSize) - 1) / Int64(blockSize) }

  // MARK: - Dates

  /// A source date clamped to the limit, in seconds.
  func clamped(_ seconds: Int64) -> Int64 {
    max(0, options.clamped(seconds))
  }

  /// Whether the directory record of a name with hash `firstHash` sorts before that of a name
  /// with `secondHash`: by hash, then by the names' bytes.
  static func directoryOrder(
    _ firstHash: UInt32, _ first: some Sequence<UInt8>, _ secondHash: UInt32,
    _ second: some Sequence<UInt8>
  ) -> Bool {
    firstHash != secondHash ? firstHash < secondHash : first.lexicographicallyPrecedes(second)
  }

  /// Adds `name` to ``names``; returns where it starts.
  mutating func appendName(_ name: [UInt8]) -> UInt32 {
    defer { names += name }
    return UInt32(names.count)
  }
}
