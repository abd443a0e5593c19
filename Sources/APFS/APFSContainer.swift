package import StagedTree
package import SystemSupport
package import VolumeInterface

/// An APFS container holding one volume built from a tree of ``SourceItem``s, ready to be
/// streamed block by block.
///
/// Layout, in 4 KiB blocks, one checkpoint written in transaction 1: block 0 (the container
/// superblock), the checkpoint descriptor area (its map and a copy of the superblock), the
/// checkpoint data area (reaper, space manager, the two free queues), the container's object
/// map, then the volume (superblock, object map, file-system tree, extent-reference tree,
/// snapshot-metadata tree), the internal pool's bitmaps and the pool (chunk bitmaps and
/// chunk-info blocks), every file's data contiguously, and the requested free space.
/// Case-insensitive and normalization-insensitive by default, as hdiutil makes DMG volumes.
package struct APFSContainer: FileSystemVolume {
  /// The file-system tree planned for a staged tree: every item's inode number and date, its
  /// names checked and hashed, its attributes and data streams placed; built once the
  /// `.DS_Store` is known.
  package struct Plan: VolumePlan {
    var fileSystem: FileSystemPlan
    let options: VolumeOptions

    /// The inode number and date of the item at `path` from the root (`/` included).
    package func item(atPath path: String) -> PlannedItem? { fileSystem.item(atPath: path) }

    /// The root folder's date.
    package var volumeDate: Int64 { fileSystem.rootDate }

    /// Builds the container, `dsStore` in the root's `.DS_Store`.
    ///
    /// - Throws: ``APFSError/containerTooLarge(bytes:)`` past what this writer lays out.
    package func build(dsStore: [UInt8]) throws(APFSError) -> APFSContainer {
      var fileSystem = fileSystem
      fileSystem.fillDSStore(dsStore)
      return try APFSContainer(plan: fileSystem, options: options)
    }
  }

  /// The block size.
  package static let blockSize = 4096
  /// APFS, in an `Apple_APFS` partition.
  package static let fileSystem = VolumeFileSystem.apfs

  /// The container's blocks.
  package let totalBlocks: Int64
  /// The 64-bit identifier the UUIDs are derived from.
  package let identifier: UInt64
  /// The container's metadata, from block 0 to the data: bytes held, but for the two large
  /// trees, whose nodes are made as the stream reads them.
  let metadata: [SegmentedByteStream.Segment]
  /// The planned file-system tree, whose streams are the data.
  let plan: FileSystemPlan
  /// The free blocks after the data.
  let freeBlocksAfterData: Int64
  /// Regular files on the volume.
  package let fileCount: UInt64
  /// Folders on the volume, the root not counted.
  package let folderCount: UInt64
  /// Symbolic links on the volume.
  package let symbolicLinkCount: UInt64

  /// A stream of the container's bytes: the metadata, every stream's data padded to whole
  /// blocks, then the free space; each data segment is made as the stream reaches it.
  package func makeStream() -> SegmentedByteStream {
    let free = [SegmentedByteStream.Segment.zeros(freeBlocksAfterData * Int64(Self.blockSize))]
    return SegmentedByteStream(
      [
        AnySequence(metadata), AnySequence(DataSegments(of: plan, blockSize: Self.blockSize)),
        AnySequence(free),
      ].joined())
  }

  /// The container's size in bytes.
  package var byteCount: Int64 { totalBlocks * Int64(Self.blockSize) }

  /// Regular files and symbolic links, and folders (the root not counted).
  package var itemCounts: (files: UInt32, folders: UInt32) {
    (UInt32(clamping: fileCount + symbolicLinkCount), UInt32(clamping: folderCount))
  }

  /// Plans the container for `root`'s children.
  ///
  /// - Throws: ``APFSError`` for names APFS cannot hold or that collide in a folder, and items
  ///   it cannot store.
  package static func plan(root: SourceItem, options: VolumeOptions) throws(APFSError) -> Plan {
    Plan(
      fileSystem: try FileSystemPlan(root: root, options: options, blockSize: blockSize),
      options: options)
  }

  // Ephemeral and virtual object identifiers (OID_RESERVED_COUNT is 1024).
  static let spaceManagerOID: UInt64 = 1024
  static let reaperOID: UInt64 = 1025
  static let volumeOID: UInt64 = 1026
  static let poolQueueOID: UInt64 = 1027
  static let mainQueueOID: UInt64 = 1028
  static let firstTreeNodeOID: UInt64 = 1029
  /// The checkpoint descriptor area's first block.
  static let descriptorBase: Int64 = 1
  /// Checkpoint descriptor blocks, as newfs_apfs gives small containers.
  static let descriptorBlocks = 8
  /// The smallest checkpoint data area newfs_apfs makes.
  static let minimumDataBlocks = 52
  /// APFS's smallest container (`NX_MINIMUM_CONTAINER_SIZE`), in blocks.
  static let minimumBlocks: Int64 = (1 << 20) / 4096

  /// Lays out the container for a planned file-system tree.
  init(plan: FileSystemPlan, options: VolumeOptions) throws(APFSError) {
    let blockSize = Self.blockSize
    // The trees' shapes do not depend on where the data goes.
    let treeShape = BTreeShape(
      measuring: plan.fileSystemRecords(dataStart: 0), kind: .fileSystem, blockSize: blockSize)
    let referenceShape = BTreeShape(
      measuring: plan.extentReferenceRecords(dataStart: 0), kind: .extentReference,
      blockSize: blockSize)
    let treeNodes = treeShape.nodeCount
    let mapNodes = BTreeShape(
      measuring: ContainerObjects.objectMapRecords(
        (0..<treeNodes).map { (UInt64($0), Int64($0)) }, blockSize: blockSize),
      kind: .objectMap, blockSize: blockSize
    ).nodeCount

    // The fixed layout up to the internal pool.
    var layout = Layout(
      dataBase: Self.descriptorBase + Int64(Self.descriptorBlocks), mapNodes: mapNodes,
      treeNodes: treeNodes, referenceNodes: referenceShape.nodeCount, dataBlocks: plan.dataBlocks,
      freeBlocks: (options.freeSpace + Int64(blockSize) - 1) / Int64(blockSize))
    guard layout.settle(blockSize: blockSize) else {
      throw .containerTooLarge(bytes: layout.totalBlocks * Int64(blockSize))
    }
    let dataStart = layout.dataStart
    let tree = SegmentedByteStream.GeneratedBytes(length: Int64(treeNodes * blockSize)) {
      treeShape.nodes(
        of: plan.fileSystemRecords(dataStart: dataStart), firstIdentifier: Self.firstTreeNodeOID)
    }
    let referenceStart = UInt64(layout.referenceStart)
    let references = SegmentedByteStream.GeneratedBytes(
      length: Int64(referenceShape.nodeCount * blockSize)
    ) {
      referenceShape.nodes(
        of: plan.extentReferenceRecords(dataStart: dataStart), firstIdentifier: referenceStart)
    }

    // The same content gives the same UUIDs.
    identifier = options.volumeIdentifier ?? treeShape.fingerprint
    totalBlocks = layout.totalBlocks
    fileCount = plan.fileCount
    folderCount = plan.folderCount
    symbolicLinkCount = plan.symbolicLinkCount
    self.plan = plan
    freeBlocksAfterData = layout.totalBlocks - layout.dataEnd
    metadata = [
      .bytes(Self.objects(layout: layout, plan: plan, identifier: identifier, options: options)),
      .generated(tree), .generated(references),
      .bytes(Self.spaceObjects(layout: layout, blockSize: blockSize)),
    ]
  }

  /// A reproducible random-looking UUID (version 4, RFC 4122 variant).
  static func uuid(from identifier: UInt64, salt: UInt64) -> [UInt8] {
    var bytes = ReproducibleBytes.sixteen(from: identifier, salt: salt)
    bytes[6] = (bytes[6] & 0x0F) | 0x40
    bytes[8] = (bytes[8] & 0x3F) | 0x80
    return bytes
  }
}
