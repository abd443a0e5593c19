/// A run of a volume's blocks that holds data.
package struct VolumeExtent: Sendable, Equatable {
  /// The first block.
  package var start: UInt64
  /// The number of blocks.
  package var blockCount: UInt64

  /// Makes an extent.
  package init(start: UInt64, blockCount: UInt64) {
    self.start = start
    self.blockCount = blockCount
  }
}
