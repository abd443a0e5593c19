package import StagedTree
package import SystemSupport

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
  /// The pieces of the container, in order.
  let segments: [SegmentedByteStream.Segment]
  /// Regular files on the volume.
  package let fileCount: UInt64
  /// Folders on the volume, the root not counted.
  package let folderCount: UInt64
  /// Symbolic links on the volume.
  package let symbolicLinkCount: UInt64

  /// A stream of the container's bytes.
  package func makeStream() -> SegmentedByteStream { SegmentedByteStream(segments) }

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
  /// Checkpoint descriptor blocks, as newfs_apfs gives small containers.
  static let descriptorBlocks = 8
  /// The smallest checkpoint data area newfs_apfs makes.
  static let minimumDataBlocks = 52
  /// APFS's smallest container (`NX_MINIMUM_CONTAINER_SIZE`), in blocks.
  static let minimumBlocks: Int64 = (1 << 20) / 4096

  /// How many nodes the file-system tree and the extent-reference tree take: records made
  /// for the count alone, freed before the real ones are made.
  static func nodeCounts(of plan: FileSystemPlan, blockSize: Int) -> (tree: Int, references: Int) {
    let probe = plan.records(dataStart: 0)
    return (
      BTreeBuilder.nodeCount(probe.fileSystem, kind: .fileSystem, blockSize: blockSize),
      BTreeBuilder.nodeCount(probe.extentReferences, kind: .extentReference, blockSize: blockSize)
    )
  }

  /// Lays out the container for a planned file-system tree.
  init(plan: FileSystemPlan, options: VolumeOptions) throws(APFSError) {
    let blockSize = Self.blockSize
    // Node counts do not depend on where the data goes.
    let (treeNodes, referenceNodes) = Self.nodeCounts(of: plan, blockSize: blockSize)
    let mapNodes = BTreeBuilder.nodeCount(
      ContainerObjects.objectMapRecords(
        (0..<treeNodes).map { (UInt64($0), Int64($0)) }, blockSize: blockSize),
      kind: .objectMap, blockSize: blockSize)

    // The fixed layout up to the internal pool.
    let descriptorBase: Int64 = 1
    let dataBase = descriptorBase + Int64(Self.descriptorBlocks)
    var layout = Layout(
      dataBase: dataBase, mapNodes: mapNodes, treeNodes: treeNodes,
      referenceNodes: referenceNodes, dataBlocks: plan.dataBlocks,
      freeBlocks: (options.freeSpace + Int64(blockSize) - 1) / Int64(blockSize))
    guard layout.settle(blockSize: blockSize) else {
      throw .containerTooLarge(bytes: layout.totalBlocks * Int64(blockSize))
    }
    let space = layout.spaceManager(blockSize: blockSize)

    let (fileSystem, references) = plan.records(dataStart: layout.dataStart)
    let treeBlocks = BTreeBuilder.build(
      fileSystem, kind: .fileSystem, firstIdentifier: Self.firstTreeNodeOID, blockSize: blockSize)
    let referenceBlocks = BTreeBuilder.build(
      references, kind: .extentReference, firstIdentifier: UInt64(layout.referenceStart),
      blockSize: blockSize)
    let volumeMap = BTreeBuilder.build(
      ContainerObjects.objectMapRecords(
        (0..<treeNodes).map { (Self.firstTreeNodeOID + UInt64($0), layout.treeStart + Int64($0)) },
        blockSize: blockSize),
      kind: .objectMap, firstIdentifier: UInt64(layout.volumeMapStart), blockSize: blockSize)
    let containerMap = BTreeBuilder.build(
      ContainerObjects.objectMapRecords([(Self.volumeOID, layout.volume)], blockSize: blockSize),
      kind: .objectMap, firstIdentifier: UInt64(layout.containerMapRoot), blockSize: blockSize)
    let snapshotMetadata = BTreeBuilder.build(
      [], kind: .snapshotMetadata, firstIdentifier: UInt64(layout.snapshotMetadata),
      blockSize: blockSize)

    // The same content gives the same UUIDs.
    identifier = options.volumeIdentifier ?? ReproducibleBytes.fingerprint(of: treeBlocks)
    totalBlocks = layout.totalBlocks
    fileCount = plan.fileCount
    folderCount = plan.folderCount
    symbolicLinkCount = plan.symbolicLinkCount

    let superblock = ContainerSuperblock(
      blockSize: blockSize, blockCount: layout.totalBlocks,
      uuid: Self.uuid(from: identifier, salt: 0x6E78),
      nextOID: Self.firstTreeNodeOID
        + UInt64(treeNodes),
      descriptorBase: descriptorBase, descriptorBlocks: Self.descriptorBlocks,
      dataBase: dataBase, dataBlocks: layout.checkpointDataBlocks,
      dataLength: layout.ephemeralBlocks, spaceManagerOID: Self.spaceManagerOID,
      objectMap: layout.containerMap, reaperOID: Self.reaperOID, volumeOID: Self.volumeOID
    ).bytes
    let mappings: [ContainerObjects.Mapping] = [
      .init(
        type: ObjectHeader.reaper, size: blockSize, oid: Self.reaperOID, address: layout.reaper),
      .init(
        type: ObjectHeader.spaceManager, size: space.objectBlocks * blockSize,
        oid: Self.spaceManagerOID, address: layout.spaceManager),
      .init(
        type: ObjectHeader.btreeRoot, subtype: ObjectHeader.freeQueue, size: blockSize,
        oid: Self.poolQueueOID, address: layout.poolQueue),
      .init(
        type: ObjectHeader.btreeRoot, subtype: ObjectHeader.freeQueue, size: blockSize,
        oid: Self.mainQueueOID, address: layout.mainQueue),
    ]
    let volume = VolumeSuperblock(
      blockSize: blockSize, oid: Self.volumeOID, caseSensitive: options.caseSensitive,
      allocatedBlocks: layout.volumeBlocks, objectMap: layout.volumeMap,
      rootTreeOID: Self.firstTreeNodeOID + UInt64(treeNodes - 1),
      extentReferenceTree: layout.referenceStart + Int64(referenceNodes - 1),
      snapshotMetadataTree: layout.snapshotMetadata, nextObjectID: plan.nextObjectID,
      fileCount: plan.fileCount, folderCount: plan.folderCount,
      symbolicLinkCount: plan.symbolicLinkCount,
      uuid: Self.uuid(from: identifier, salt: 0x766F_6C),
      date: UInt64(plan.latestDate) * 1_000_000_000, name: options.volumeName
    ).bytes

    var metadata: [UInt8] = []
    metadata.reserveCapacity(Int(layout.dataStart) * blockSize)
    metadata += superblock
    metadata += ContainerObjects.checkpointMap(
      address: descriptorBase, mappings: mappings, blockSize: blockSize)
    metadata += superblock
    metadata += [UInt8](repeating: 0, count: (Self.descriptorBlocks - 2) * blockSize)
    metadata += ContainerObjects.reaper(oid: Self.reaperOID, blockSize: blockSize)
    metadata += space.object(
      oid: Self.spaceManagerOID, poolQueue: Self.poolQueueOID, mainQueue: Self.mainQueueOID)
    metadata += ContainerObjects.emptyFreeQueue(oid: Self.poolQueueOID, blockSize: blockSize)
    metadata += ContainerObjects.emptyFreeQueue(oid: Self.mainQueueOID, blockSize: blockSize)
    metadata += [UInt8](
      repeating: 0, count: (layout.checkpointDataBlocks - layout.ephemeralBlocks) * blockSize)
    metadata += ContainerObjects.objectMap(
      address: layout.containerMap, treeRoot: layout.containerMapRoot, isContainer: true,
      blockSize: blockSize)
    metadata += containerMap.joined()
    metadata += volume
    metadata += ContainerObjects.objectMap(
      address: layout.volumeMap, treeRoot: layout.volumeMapStart + Int64(mapNodes - 1),
      isContainer: false, blockSize: blockSize)
    metadata += volumeMap.joined()
    metadata += treeBlocks.joined()
    metadata += referenceBlocks.joined()
    metadata += snapshotMetadata.joined()
    metadata += space.poolBitmaps()
    metadata += space.chunkBitmaps()
    metadata += space.infoBlocks()
    metadata += [UInt8](
      repeating: 0,
      count: Int(layout.poolBlocks - space.usedChunkCount - space.infoBlockCount) * blockSize)
    precondition(metadata.count == Int(layout.dataStart) * blockSize, "the layout adds up")

    var segments: [SegmentedByteStream.Segment] = [.bytes(metadata)]
    for stream in plan.streams {
      segments.append(stream.segment)
      let padding = plan.blocks(for: stream.length) * Int64(blockSize) - stream.length
      if padding > 0 { segments.append(.zeros(padding)) }
    }
    segments.append(.zeros((layout.totalBlocks - layout.dataEnd) * Int64(blockSize)))
    self.segments = segments
  }

  /// A reproducible random-looking UUID (version 4, RFC 4122 variant).
  static func uuid(from identifier: UInt64, salt: UInt64) -> [UInt8] {
    var bytes = ReproducibleBytes.sixteen(from: identifier, salt: salt)
    bytes[6] = (bytes[6] & 0x0F) | 0x40
    bytes[8] = (bytes[8] & 0x3F) | 0x80
    return bytes
  }
}
