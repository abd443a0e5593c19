/// Where each part of a container goes, in blocks; see ``APFSContainer`` for the order.
struct Layout {
  let dataBase: Int64
  let mapNodes: Int
  let treeNodes: Int
  let referenceNodes: Int
  let dataBlocks: Int64
  let freeBlocks: Int64

  private(set) var totalBlocks: Int64 = 0
  private(set) var spaceManagerBlocks = 1
  private(set) var poolBitmapBlocks: Int64 = 16
  private(set) var poolBlocks: Int64 = 6

  init(
    dataBase: Int64, mapNodes: Int, treeNodes: Int, referenceNodes: Int, dataBlocks: Int64,
    freeBlocks: Int64
  ) {
    self.dataBase = dataBase
    self.mapNodes = mapNodes
    self.treeNodes = treeNodes
    self.referenceNodes = referenceNodes
    self.dataBlocks = dataBlocks
    self.freeBlocks = freeBlocks
  }

  /// The reaper, the space manager and the two free queues.
  var ephemeralBlocks: Int { 1 + spaceManagerBlocks + 2 }
  var checkpointDataBlocks: Int { max(APFSContainer.minimumDataBlocks, ephemeralBlocks) }
  var reaper: Int64 { dataBase }
  var spaceManager: Int64 { dataBase + 1 }
  var poolQueue: Int64 { spaceManager + Int64(spaceManagerBlocks) }
  var mainQueue: Int64 { poolQueue + 1 }
  var containerMap: Int64 { dataBase + Int64(checkpointDataBlocks) }
  var containerMapRoot: Int64 { containerMap + 1 }
  var volume: Int64 { containerMap + 2 }
  var volumeMap: Int64 { containerMap + 3 }
  var volumeMapStart: Int64 { containerMap + 4 }
  var treeStart: Int64 { volumeMapStart + Int64(mapNodes) }
  var referenceStart: Int64 { treeStart + Int64(treeNodes) }
  var snapshotMetadata: Int64 { referenceStart + Int64(referenceNodes) }
  var poolBitmapBase: Int64 { snapshotMetadata + 1 }
  var dataStart: Int64 { poolBitmapBase + poolBitmapBlocks + poolBlocks }
  var dataEnd: Int64 { dataStart + dataBlocks }
  /// What the volume owns: its object map and its nodes, its trees, and the data.
  var volumeBlocks: Int64 {
    1 + Int64(mapNodes + treeNodes + referenceNodes) + 1 + dataBlocks
  }

  /// The space manager for this layout.
  func spaceManager(blockSize: Int) -> SpaceManager {
    SpaceManager(
      blockSize: blockSize, totalBlocks: totalBlocks, usedEnd: dataEnd,
      poolBitmapBase: poolBitmapBase)
  }

  /// Sizes the container and the space manager until they agree; false if the container is
  /// too large to lay out.
  mutating func settle(blockSize: Int) -> Bool {
    for _ in 0..<16 {
      let total = max(APFSContainer.minimumBlocks, dataEnd + freeBlocks)
      let previous = (totalBlocks, spaceManagerBlocks, poolBitmapBlocks, poolBlocks)
      totalBlocks = total
      let space = spaceManager(blockSize: blockSize)
      guard space.fitsWithoutAddressBlocks else { return false }
      spaceManagerBlocks = space.objectBlocks
      poolBitmapBlocks = space.poolBitmapBlocks
      poolBlocks = space.poolBlocks
      if previous == (totalBlocks, spaceManagerBlocks, poolBitmapBlocks, poolBlocks),
        totalBlocks >= dataEnd + freeBlocks
      {
        return true
      }
    }
    return false
  }
}
