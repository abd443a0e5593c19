import SystemSupport

/// The checks that keep a hostile volume from sizing an allocation or overflowing arithmetic:
/// every count read from it is compared with what holds it before it is used.
extension HFSPlusReader {
  /// The largest block size read.
  ///
  /// 256 MiB keeps every block count times block size (at most 2^32 × 2^28) far inside `Int64`.
  /// Real volumes use 4 KiB.
  static let maximumBlockSize = 1 << 28

  /// Checks the volume header: a block size that is a power of two from 512 to
  /// ``maximumBlockSize``, a last block the partition holds, B-tree files inside the volume.
  func checkGeometry() throws {
    guard blockSize >= 512, blockSize <= Self.maximumBlockSize, blockSize.nonzeroBitCount == 1
    else {
      throw HFSPlusError.malformedVolume(
        "the volume header (at byte 1024) gives a block size of \(blockSize), not a power of two from 512 to \(Self.maximumBlockSize)"
      )
    }
    let volumeEnd = Int64(totalBlocks) * Int64(blockSize)
    let lastByte = totalBlocks == 0 ? [0] : try source.read(at: volumeEnd - 1, count: 1)
    guard lastByte.count == 1 else {
      throw HFSPlusError.malformedVolume(
        "the volume header (at byte 1024) claims \(totalBlocks) blocks of \(blockSize) bytes, past the end of the partition"
      )
    }
    for (file, extents) in [("catalog", catalogExtents), ("attributes", attributesExtents)] {
      for (start, count) in extents where UInt64(start) + UInt64(count) > totalBlocks {
        throw HFSPlusError.malformedVolume(
          "the volume header (at byte 1024) puts a \(file) file extent at blocks \(start)+\(count), past the volume's \(totalBlocks)"
        )
      }
    }
  }

  /// The node size and first leaf of the B-tree file with `extents`, from its header node,
  /// checked: the node size a power of two from 512 to 32768, every node the header record
  /// counts inside the file, the first leaf one of them.
  func treeHeader(extents: [(start: UInt32, count: UInt32)], file: String) throws -> (
    nodeSize: Int, firstLeaf: UInt32
  ) {
    let header = try node(0, nodeSize: 512, extents: extents, file: file)
    let nodeSize = Int(try header.getInteger(at: 14 + 18, as: UInt16.self))
    let totalNodes = try header.getInteger(at: 14 + 22, as: UInt32.self)
    let firstLeaf = try header.getInteger(at: 14 + 10, as: UInt32.self)
    let fileBytes = extents.reduce(Int64(0)) { $0 + Int64($1.count) * Int64(blockSize) }
    let place =
      "the \(file) B-tree's header node (at volume byte \(Int64(extents[0].start) * Int64(blockSize)))"
    guard nodeSize >= 512, nodeSize <= 32768, nodeSize.nonzeroBitCount == 1 else {
      throw HFSPlusError.malformedVolume(
        "\(place) gives a node size of \(nodeSize), not a power of two from 512 to 32768")
    }
    guard Int64(totalNodes) * Int64(nodeSize) <= fileBytes else {
      throw HFSPlusError.malformedVolume(
        "\(place) claims \(totalNodes) nodes of \(nodeSize) bytes, past the \(file) file's \(fileBytes) bytes"
      )
    }
    guard firstLeaf < totalNodes else {
      throw HFSPlusError.malformedVolume(
        "\(place) names node \(firstLeaf) as the first leaf, past its \(totalNodes) nodes")
    }
    return (nodeSize, firstLeaf)
  }

  /// Checks that a fork's `size` fits in its `extents`, before anything is read or reserved.
  func checkFork(size: Int64, extents: [(start: UInt32, count: UInt32)]) throws {
    let extentBytes = extents.reduce(Int64(0)) { $0 + Int64($1.count) * Int64(blockSize) }
    guard size >= 0, size <= extentBytes else {
      throw HFSPlusError.malformedVolume(
        "a fork of \(size) bytes needs extents beyond the catalog record's eight")
    }
  }
}
