/// One hostile APFS container, made from a real one by changing a field and resealing the
/// checksums, with the error our reader must give (after "not a readable APFS container: ").
///
/// The examples of issue #19's "Hostile input": block addresses near 2^51 and 2^63, a node whose
/// child is itself, an object map that loops, a tree deeper than its root claims, a record count
/// and an extent length that would allocate hundreds of GiB, extents past the container, a
/// directory record pointing at its own folder or an ancestor, names and values past their
/// records.
package struct HostileAPFSCase: Sendable, CustomStringConvertible {
  /// What the case does, as the test's argument shows it.
  package let description: String
  /// Changes the container and returns the expected message.
  package let edit: @Sendable (inout APFSContainerEditor) -> String

  /// The container `original` with the case applied, and the message it must give.
  package func apply(to original: [UInt8]) -> (bytes: [UInt8], message: String) {
    var editor = APFSContainerEditor(original)
    let message = edit(&editor)
    return (editor.sealed(), message)
  }

  /// Every case.
  package static let all: [HostileAPFSCase] = [
    .init(description: "object map address near 2^51") { editor in
      for block in editor.superblocks { editor.set(UInt64(1) << 51, at: editor.offset(block, 160)) }
      return "the container's object map: 1 block at block 2251799813685248 lies past the "
        + "container's \(editor.blockCount) blocks"
    },
    .init(description: "block count near 2^63") { editor in
      for block in editor.superblocks { editor.set(UInt64(1) << 63, at: editor.offset(block, 40)) }
      return "block 0's container superblock claims 9223372036854775808 blocks of 4096 bytes, "
        + "more than a 64-bit offset addresses"
    },
    .init(description: "block count past the container's bytes") { editor in
      let claimed = editor.blockCount + 1000
      for block in editor.superblocks { editor.set(UInt64(claimed), at: editor.offset(block, 40)) }
      return "the container superblock claims \(claimed) blocks of 4096 bytes: the container "
        + "ends before byte \(claimed * 4096)"
    },
    .init(description: "object-map node whose child is itself") { editor in
      let root = editor.mapRoot(editor.containerMap)
      editor.makeIndex(root, level: 1, child: UInt64(root))
      return "the container's object map's B-tree node at block \(root): child \(root) is the "
        + "node itself"
    },
    .init(description: "file-system node whose child maps back to it") { editor in
      let root = editor.fileSystemRoot
      editor.makeIndex(root.block, level: 1, child: root.oid)
      return "the file-system tree's B-tree node at block \(root.block): child \(root.oid) (at "
        + "block \(root.block)) is the node itself"
    },
    .init(description: "tree deeper than its root claims") { editor in
      let root = editor.mapRoot(editor.containerMap)
      let other = editor.extentReferenceRoot
      editor.makeIndex(root, level: 1, child: UInt64(other))
      editor.set(UInt16(1), at: editor.offset(other, 34))
      return "the container's object map's B-tree node at block \(other): level 1 under a node "
        + "of level 1 (block \(root)); the root claims a height of 2"
    },
    .init(description: "record count of 2^32 - 1") { editor in
      let root = editor.fileSystemRoot.block
      editor.set(UInt32.max, at: editor.offset(root, 36))
      let table = editor.integer(at: editor.offset(root, 42), as: UInt16.self)
      return "the file-system tree's B-tree node at block \(root): 4294967295 records, more "
        + "than its table of contents of \(table) bytes holds"
    },
    .init(description: "extent of 400 GiB") { editor in
      let (record, leaf) = editor.fileSystemRecords(ofType: 8)[0]
      editor.set(UInt64(400) << 30, at: record.value.lowerBound)
      return extentMessage(editor, record, leaf, blocks: 104_857_600)
    },
    .init(description: "extent across the container's end") { editor in
      let (record, leaf) = editor.fileSystemRecords(ofType: 8)[0]
      editor.set(UInt64(2 * editor.blockSize), at: record.value.lowerBound)
      editor.set(UInt64(editor.blockCount - 1), at: record.value.lowerBound + 8)
      return extentMessage(editor, record, leaf, blocks: 2)
    },
    .init(description: "extent at block 2^64 - 2") { editor in
      let (record, leaf) = editor.fileSystemRecords(ofType: 8)[0]
      editor.set(UInt64.max - 1, at: record.value.lowerBound + 8)
      let length = Int(editor.integer(at: record.value.lowerBound) & 0x00FF_FFFF_FFFF_FFFF)
      return extentMessage(
        editor, record, leaf, blocks: (length + editor.blockSize - 1) / editor.blockSize)
    },
    .init(description: "directory record pointing at its own folder") { editor in
      let (record, _) = folderRecord(editor, in: 2)
      editor.set(UInt64(2), at: record.value.lowerBound)
      return "directory record \(name(editor, record).debugDescription) in folder 2 points at "
        + "folder 2, the folder itself"
    },
    .init(description: "directory record pointing at an ancestor") { editor in
      let (_, folder) = folderRecord(editor, in: 2)
      let (record, _) = folderRecord(editor, in: folder)
      editor.set(UInt64(2), at: record.value.lowerBound)
      return "directory record \(name(editor, record).debugDescription) in folder \(folder) "
        + "points at folder 2, one of its ancestors"
    },
    .init(description: "name length past its record") { editor in
      let (record, leaf) = editor.fileSystemRecords(ofType: 9)[0]
      let field = record.key.lowerBound + 8
      editor.set(editor.integer(at: field, as: UInt32.self) | 0x3FF, at: field)
      let folder = editor.integer(at: record.key.lowerBound) & 0x0FFF_FFFF_FFFF_FFFF
      return "a directory record in folder \(folder) (leaf at block \(leaf)): a name of 1023 "
        + "bytes, where its key holds \(record.key.count - 12) after byte 12"
    },
    .init(description: "attribute value past its record") { editor in
      let (record, leaf) = editor.fileSystemRecords(ofType: 4)[0]
      editor.set(UInt16.max, at: record.value.lowerBound + 2)
      let owner = editor.integer(at: record.key.lowerBound) & 0x0FFF_FFFF_FFFF_FFFF
      let length = Int(editor.integer(at: record.key.lowerBound + 8, as: UInt16.self))
      let name = String(
        decoding: editor.bytes[(record.key.lowerBound + 10)..<(record.key.lowerBound + 9 + length)],
        as: UTF8.self)
      return "extended attribute \(name.debugDescription) of object \(owner) (leaf at block "
        + "\(leaf))'s value: 65535 bytes at byte 4 pass its \(record.value.count)"
    },
  ]

  private static func extentMessage(
    _ editor: APFSContainerEditor, _ record: APFSContainerEditor.Record, _ leaf: Int, blocks: Int
  ) -> String {
    let stream = editor.integer(at: record.key.lowerBound) & 0x0FFF_FFFF_FFFF_FFFF
    let start = editor.integer(at: record.value.lowerBound + 8)
    return "data stream \(stream)'s extent at logical byte 0 (leaf at block \(leaf)): "
      + "\(blocks) block\(blocks == 1 ? "" : "s") at block \(start) \(blocks == 1 ? "lies" : "lie") "
      + "past the container's \(editor.blockCount) blocks"
  }

  /// The first directory record in `folder` whose target is a folder, and that target.
  private static func folderRecord(_ editor: APFSContainerEditor, in folder: UInt64)
    -> (record: APFSContainerEditor.Record, target: UInt64)
  {
    let folders = Set(
      editor.fileSystemRecords(ofType: 3).filter {
        editor.integer(at: $0.record.value.lowerBound + 80, as: UInt16.self) & 0o170000 == 0o040000
      }.map { editor.integer(at: $0.record.key.lowerBound) & 0x0FFF_FFFF_FFFF_FFFF })
    for (record, _) in editor.fileSystemRecords(ofType: 9)
    where editor.integer(at: record.key.lowerBound) & 0x0FFF_FFFF_FFFF_FFFF == folder {
      let target = editor.integer(at: record.value.lowerBound)
      if folders.contains(target) { return (record, target) }
    }
    preconditionFailure("folder \(folder) holds no folder")
  }

  /// A directory record's name (`j_drec_hashed_key_t`).
  private static func name(_ editor: APFSContainerEditor, _ record: APFSContainerEditor.Record)
    -> String
  {
    let length = Int(editor.integer(at: record.key.lowerBound + 8, as: UInt32.self) & 0x3FF)
    let start = record.key.lowerBound + 12
    return String(decoding: editor.bytes[start..<(start + length - 1)], as: UTF8.self)
  }
}
