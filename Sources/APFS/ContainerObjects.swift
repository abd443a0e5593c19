import SystemSupport

/// The small fixed objects of a container: reaper, checkpoint map, object maps, empty free
/// queues, each sealed with its checksum.
enum ContainerObjects {
  /// An empty reaper (`nx_reaper_phys_t`).
  static func reaper(oid: UInt64, blockSize: Int) -> [UInt8] {
    var writer = ByteWriter(bigEndian: false, capacity: blockSize)
    ObjectHeader(oid: oid, type: ObjectHeader.ephemeral | ObjectHeader.reaper).write(into: &writer)
    writer.writeInteger(UInt64(1))  // next reap identifier
    writer.writeZeros(24)  // completed, head, tail
    writer.writeInteger(UInt32(1))  // NR_BHM_FLAG
    writer.writeZeros(40)
    writer.writeInteger(UInt32(blockSize - 112))  // the state buffer: the rest of the block
    return sealed(&writer, blockSize: blockSize)
  }

  /// One ephemeral object the checkpoint map locates.
  struct Mapping {
    var type: UInt32
    var subtype: UInt32 = 0
    var size: Int
    var oid: UInt64
    var address: Int64
  }

  /// The checkpoint-mapping block (`checkpoint_map_phys_t`) at `address`, the last of its
  /// checkpoint.
  static func checkpointMap(address: Int64, mappings: [Mapping], blockSize: Int) -> [UInt8] {
    var writer = ByteWriter(bigEndian: false, capacity: blockSize)
    ObjectHeader(
      oid: UInt64(address), type: ObjectHeader.physical | ObjectHeader.checkpointMap
    ).write(into: &writer)
    writer.writeInteger(UInt32(1))  // CHECKPOINT_MAP_LAST
    writer.writeInteger(UInt32(mappings.count))
    for mapping in mappings {
      writer.writeInteger(ObjectHeader.ephemeral | mapping.type)
      writer.writeInteger(mapping.subtype)
      writer.writeInteger(UInt32(mapping.size))
      writer.writeInteger(UInt32(0))
      writer.writeInteger(UInt64(0))  // file system: none, these belong to the container
      writer.writeInteger(mapping.oid)
      writer.writeInteger(UInt64(mapping.address))
    }
    return sealed(&writer, blockSize: blockSize)
  }

  /// An object map (`omap_phys_t`) at `address` whose tree's root is at `treeRoot`.
  static func objectMap(address: Int64, treeRoot: Int64, isContainer: Bool, blockSize: Int)
    -> [UInt8]
  {
    var writer = ByteWriter(bigEndian: false, capacity: blockSize)
    ObjectHeader(oid: UInt64(address), type: ObjectHeader.physical | ObjectHeader.objectMap)
      .write(into: &writer)
    writer.writeInteger(UInt32(isContainer ? 1 : 0))  // OMAP_MANUALLY_MANAGED
    writer.writeInteger(UInt32(0))  // snapshots
    writer.writeInteger(ObjectHeader.physical | ObjectHeader.btreeRoot)
    writer.writeInteger(ObjectHeader.physical | ObjectHeader.btreeRoot)
    writer.writeInteger(UInt64(treeRoot))
    return sealed(&writer, blockSize: blockSize)
  }

  /// Object-map records mapping `oids` to `addresses` in transaction 1.
  static func objectMapRecords(_ pairs: [(oid: UInt64, address: Int64)], blockSize: Int)
    -> [BTreeRecord]
  {
    pairs.map { pair in
      var key = ByteWriter(bigEndian: false)
      key.writeInteger(pair.oid)
      key.writeInteger(ObjectHeader.transaction)
      var value = ByteWriter(bigEndian: false)
      value.writeInteger(UInt32(0))
      value.writeInteger(UInt32(blockSize))
      value.writeInteger(UInt64(pair.address))
      return BTreeRecord(key: key.bytes, value: value.bytes)
    }
  }

  /// An empty free queue (`spaceman_free_queue` tree): an ephemeral root leaf.
  static func emptyFreeQueue(oid: UInt64, blockSize: Int) -> [UInt8] {
    BTreeBuilder.build([], kind: .freeQueue, firstIdentifier: oid, blockSize: blockSize)[0]
  }

  static func sealed(_ writer: inout ByteWriter, blockSize: Int) -> [UInt8] {
    writer.writeZeros(blockSize - writer.count)
    var bytes = writer.bytes
    Fletcher64.seal(&bytes)
    return bytes
  }
}
