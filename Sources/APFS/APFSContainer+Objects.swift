import SystemSupport
import VolumeInterface

extension APFSContainer {
  /// The container's objects from block 0 to the file-system tree: the superblock, the
  /// checkpoint (map, superblock copy, reaper, space manager, free queues), the container's
  /// object map, the volume superblock and the volume's object map.
  static func objects(
    layout: Layout, plan: FileSystemPlan, identifier: UInt64, options: VolumeOptions
  ) -> [UInt8] {
    let space = layout.spaceManager(blockSize: blockSize)
    let superblock = ContainerSuperblock(
      blockSize: blockSize, blockCount: layout.totalBlocks,
      uuid: uuid(from: identifier, salt: 0x6E78),
      nextOID: firstTreeNodeOID + UInt64(layout.treeNodes),
      descriptorBase: descriptorBase, descriptorBlocks: descriptorBlocks,
      dataBase: layout.dataBase, dataBlocks: layout.checkpointDataBlocks,
      dataLength: layout.ephemeralBlocks, spaceManagerOID: spaceManagerOID,
      objectMap: layout.containerMap, reaperOID: reaperOID, volumeOID: volumeOID
    ).bytes
    let mappings: [ContainerObjects.Mapping] = [
      .init(type: ObjectHeader.reaper, size: blockSize, oid: reaperOID, address: layout.reaper),
      .init(
        type: ObjectHeader.spaceManager, size: space.objectBlocks * blockSize,
        oid: spaceManagerOID, address: layout.spaceManager),
      .init(
        type: ObjectHeader.btreeRoot, subtype: ObjectHeader.freeQueue, size: blockSize,
        oid: poolQueueOID, address: layout.poolQueue),
      .init(
        type: ObjectHeader.btreeRoot, subtype: ObjectHeader.freeQueue, size: blockSize,
        oid: mainQueueOID, address: layout.mainQueue),
    ]
    let volume = VolumeSuperblock(
      blockSize: blockSize, oid: volumeOID, caseSensitive: options.caseSensitive,
      allocatedBlocks: layout.volumeBlocks, objectMap: layout.volumeMap,
      rootTreeOID: firstTreeNodeOID + UInt64(layout.treeNodes - 1),
      extentReferenceTree: layout.referenceStart + Int64(layout.referenceNodes - 1),
      snapshotMetadataTree: layout.snapshotMetadata, nextObjectID: plan.nextObjectID,
      fileCount: plan.fileCount, folderCount: plan.folderCount,
      symbolicLinkCount: plan.symbolicLinkCount,
      uuid: uuid(from: identifier, salt: 0x766F_6C),
      date: UInt64(plan.latestDate) * 1_000_000_000, name: options.volumeName
    ).bytes
    let containerMap = BTreeBuilder.build(
      ContainerObjects.objectMapRecords([(volumeOID, layout.volume)], blockSize: blockSize),
      kind: .objectMap, firstIdentifier: UInt64(layout.containerMapRoot), blockSize: blockSize)
    let volumeMap = BTreeBuilder.build(
      ContainerObjects.objectMapRecords(
        (0..<layout.treeNodes).map {
          (firstTreeNodeOID + UInt64($0), layout.treeStart + Int64($0))
        }, blockSize: blockSize),
      kind: .objectMap, firstIdentifier: UInt64(layout.volumeMapStart), blockSize: blockSize)

    var bytes: [UInt8] = []
    bytes.reserveCapacity(Int(layout.treeStart) * blockSize)
    bytes += superblock
    bytes += ContainerObjects.checkpointMap(
      address: descriptorBase, mappings: mappings, blockSize: blockSize)
    bytes += superblock
    bytes += [UInt8](repeating: 0, count: (descriptorBlocks - 2) * blockSize)
    bytes += ContainerObjects.reaper(oid: reaperOID, blockSize: blockSize)
    bytes += space.object(oid: spaceManagerOID, poolQueue: poolQueueOID, mainQueue: mainQueueOID)
    bytes += ContainerObjects.emptyFreeQueue(oid: poolQueueOID, blockSize: blockSize)
    bytes += ContainerObjects.emptyFreeQueue(oid: mainQueueOID, blockSize: blockSize)
    bytes += [UInt8](
      repeating: 0, count: (layout.checkpointDataBlocks - layout.ephemeralBlocks) * blockSize)
    bytes += ContainerObjects.objectMap(
      address: layout.containerMap, treeRoot: layout.containerMapRoot, isContainer: true,
      blockSize: blockSize)
    bytes += containerMap.joined()
    bytes += volume
    bytes += ContainerObjects.objectMap(
      address: layout.volumeMap, treeRoot: layout.volumeMapStart + Int64(layout.mapNodes - 1),
      isContainer: false, blockSize: blockSize)
    bytes += volumeMap.joined()
    precondition(bytes.count == Int(layout.treeStart) * blockSize, "the layout adds up")
    return bytes
  }

  /// The container's objects from the snapshot-metadata tree to the data: that empty tree,
  /// the internal pool's bitmaps, and the pool (chunk bitmaps, chunk-info blocks, free
  /// blocks).
  static func spaceObjects(layout: Layout, blockSize: Int) -> [UInt8] {
    let space = layout.spaceManager(blockSize: blockSize)
    var bytes = BTreeBuilder.build(
      [], kind: .snapshotMetadata, firstIdentifier: UInt64(layout.snapshotMetadata),
      blockSize: blockSize)[0]
    bytes += space.poolBitmaps()
    bytes += space.chunkBitmaps()
    bytes += space.infoBlocks()
    bytes += [UInt8](
      repeating: 0,
      count: Int(layout.poolBlocks - space.usedChunkCount - space.infoBlockCount) * blockSize)
    precondition(
      bytes.count == Int(layout.dataStart - layout.snapshotMetadata) * blockSize,
      "the layout adds up")
    return bytes
  }
}
