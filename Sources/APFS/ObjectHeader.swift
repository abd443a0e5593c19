package import SystemSupport

/// The 32-byte header every APFS object starts with (`obj_phys_t`), and the object types.
package struct ObjectHeader: Sendable, Equatable {
  /// The object's identifier: its block address for a physical object.
  package var oid: UInt64
  /// The transaction that wrote it.
  package var xid: UInt64
  /// The type with its storage flags (`o_type`).
  package var type: UInt32
  /// The subtype (`o_subtype`), such as the tree a B-tree node belongs to.
  package var subtype: UInt32

  /// The header's length in bytes.
  package static let length = 32

  /// Makes a header.
  package init(
    oid: UInt64, xid: UInt64 = ObjectHeader.transaction, type: UInt32, subtype: UInt32 = 0
  ) {
    self.oid = oid
    self.xid = xid
    self.type = type
    self.subtype = subtype
  }

  /// The one transaction our images are written in.
  package static let transaction: UInt64 = 1

  /// Writes the header with a zero checksum (``Fletcher64/seal(_:)`` fills it in).
  package func write(into writer: inout ByteWriter) {
    writer.writeInteger(UInt64(0))
    writer.writeInteger(oid)
    writer.writeInteger(xid)
    writer.writeInteger(type)
    writer.writeInteger(subtype)
  }

  /// Reads a header from an object's first 32 bytes.
  package init(reading bytes: some Collection<UInt8>) throws(ByteReaderError) {
    let reader = ByteReader(bytes, bigEndian: false)
    oid = try reader.getInteger(at: 8)
    xid = try reader.getInteger(at: 16)
    type = try reader.getInteger(at: 24)
    subtype = try reader.getInteger(at: 28)
  }

  // MARK: - Types

  /// `OBJECT_TYPE_NX_SUPERBLOCK`.
  package static let containerSuperblock: UInt32 = 0x01
  /// `OBJECT_TYPE_BTREE`: a B-tree's root node.
  package static let btreeRoot: UInt32 = 0x02
  /// `OBJECT_TYPE_BTREE_NODE`: any other B-tree node.
  package static let btreeNode: UInt32 = 0x03
  /// `OBJECT_TYPE_SPACEMAN`.
  package static let spaceManager: UInt32 = 0x05
  /// `OBJECT_TYPE_SPACEMAN_CIB`: a chunk-info block.
  package static let chunkInfoBlock: UInt32 = 0x07
  /// `OBJECT_TYPE_SPACEMAN_FREE_QUEUE`.
  package static let freeQueue: UInt32 = 0x09
  /// `OBJECT_TYPE_OMAP`.
  package static let objectMap: UInt32 = 0x0B
  /// `OBJECT_TYPE_CHECKPOINT_MAP`.
  package static let checkpointMap: UInt32 = 0x0C
  /// `OBJECT_TYPE_FS`: a volume superblock.
  package static let volumeSuperblock: UInt32 = 0x0D
  /// `OBJECT_TYPE_FSTREE`: the file-system tree.
  package static let fileSystemTree: UInt32 = 0x0E
  /// `OBJECT_TYPE_BLOCKREFTREE`: the extent-reference tree.
  package static let extentReferenceTree: UInt32 = 0x0F
  /// `OBJECT_TYPE_SNAPMETATREE`: the snapshot-metadata tree.
  package static let snapshotMetadataTree: UInt32 = 0x10
  /// `OBJECT_TYPE_NX_REAPER`.
  package static let reaper: UInt32 = 0x11

  /// `OBJ_VIRTUAL`: found through an object map.
  package static let virtual: UInt32 = 0
  /// `OBJ_EPHEMERAL`: found through the checkpoint map.
  package static let ephemeral: UInt32 = 0x8000_0000
  /// `OBJ_PHYSICAL`: its identifier is its block address.
  package static let physical: UInt32 = 0x4000_0000
}
