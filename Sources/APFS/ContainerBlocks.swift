import SystemSupport

/// A container's blocks, read only inside the block count its superblock claims, which is
/// itself checked against what the source holds.
///
/// Every block address a reader meets comes from the image, so it is compared with the block
/// count before any arithmetic: nothing here overflows or allocates more than the container.
struct ContainerBlocks {
  /// The container's bytes.
  let source: any RandomAccessByteSource
  /// The block size: a power of two from 4,096 to 65,536 bytes.
  let blockSize: Int
  /// The container's blocks; `count * blockSize` fits an `Int64`.
  let count: UInt64

  /// `NX_MINIMUM_BLOCK_SIZE` and `NX_MAXIMUM_BLOCK_SIZE`.
  static let blockSizes = 4096...65536

  /// Blocks of `blockSize` bytes, `count` of them as a superblock at `what` claims.
  ///
  /// - Throws: ``APFSError/malformedContainer(_:)`` when the count is zero or its bytes would
  ///   pass what a 64-bit offset can address.
  init(source: any RandomAccessByteSource, blockSize: Int, count: UInt64, claimedBy what: String)
    throws(APFSError)
  {
    let limit = UInt64(Int64.max) / UInt64(blockSize)
    guard count > 0, count <= limit else {
      throw .malformedContainer(
        "\(what) claims \(count) blocks of \(blockSize) bytes, "
          + (count == 0 ? "an empty container" : "more than a 64-bit offset addresses"))
    }
    self.source = source
    self.blockSize = blockSize
    self.count = count
  }

  /// The container's length in bytes.
  var byteCount: Int64 { Int64(count) * Int64(blockSize) }

  /// Checks that `blocks` blocks from block `address` lie inside the container.
  ///
  /// - Throws: ``APFSError/malformedContainer(_:)`` naming `what` otherwise.
  func check(_ address: UInt64, blocks: UInt64 = 1, of what: @autoclosure () -> String)
    throws(APFSError)
  {
    guard address < count, blocks <= count - address else {
      throw .malformedContainer(
        "\(what()): \(blocks) block\(blocks == 1 ? "" : "s") at block \(address) "
          + "\(blocks == 1 ? "lies" : "lie") past the container's \(count) blocks")
    }
  }

  /// The bytes of `blocks` blocks from block `address`, checked to lie inside the container.
  ///
  /// - Throws: ``APFSError/malformedContainer(_:)`` naming `what` when they do not, or when
  ///   the source holds fewer bytes.
  func read(_ address: UInt64, blocks: UInt64 = 1, of what: @autoclosure () -> String)
    throws(APFSError) -> [UInt8]
  {
    try check(address, blocks: blocks, of: what())
    return try Self.read(
      source, at: Int64(address) * Int64(blockSize), count: Int(blocks) * blockSize, of: what())
  }

  /// The object at block `address`, its Fletcher-64 checksum checked.
  ///
  /// - Throws: ``APFSError/malformedContainer(_:)`` naming `what` when the block lies outside
  ///   the container or its checksum is wrong.
  func object(at address: UInt64, of what: @autoclosure () -> String) throws(APFSError)
    -> [UInt8]
  {
    let bytes = try read(address, of: what())
    guard Fletcher64.isValid(bytes) else {
      throw .malformedContainer("\(what()) at block \(address) has a bad checksum")
    }
    return bytes
  }

  /// Block `index` of the area that starts at block `base`, or an error naming `what` when
  /// the sum overflows or passes the container.
  func address(_ base: UInt64, plus index: UInt64, of what: @autoclosure () -> String)
    throws(APFSError) -> UInt64
  {
    let (address, overflow) = base.addingReportingOverflow(index)
    guard !overflow else {
      throw .malformedContainer(
        "\(what()): block \(base) + \(index) passes the container's \(count) blocks")
    }
    try check(address, of: what())
    return address
  }

  /// Exactly `count` bytes at `offset` of `source`.
  ///
  /// - Throws: ``APFSError/malformedContainer(_:)`` naming `what` when the source fails or
  ///   ends first.
  static func read(
    _ source: any RandomAccessByteSource, at offset: Int64, count: Int,
    of what: @autoclosure () -> String
  ) throws(APFSError) -> [UInt8] {
    let bytes: [UInt8]
    do { bytes = try source.read(at: offset, count: count) } catch {
      throw .malformedContainer("\(what()): cannot read \(count) bytes at byte \(offset): \(error)")
    }
    guard bytes.count == count else {
      throw .malformedContainer(
        "\(what()): the container ends before byte \(offset + Int64(count))")
    }
    return bytes
  }
}
