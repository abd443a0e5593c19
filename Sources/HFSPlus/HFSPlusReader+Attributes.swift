import SystemSupport
package import VolumeInterface

extension HFSPlusReader {
  /// Every item's extended attributes, by catalog node ID, in name order: small ones inline
  /// (`kHFSPlusAttrInlineData`), larger ones in a fork of their own (`kHFSPlusAttrForkData`,
  /// more extents in `kHFSPlusAttrExtents` records).
  ///
  /// - Throws: ``HFSPlusError/malformedVolume(_:)`` for a damaged attributes file.
  package func attributes() throws -> [UInt32: [VolumeAttribute]] {
    var result: [UInt32: [VolumeAttribute]] = [:]
    for bytes in try leafRecords(extents: attributesExtents, file: "attributes") {
      var record = ByteReader(bytes)
      let keyLength = Int(try record.readInteger(as: UInt16.self))
      try record.skip(2)  // pad
      let fileID = try record.readInteger(as: UInt32.self)
      let startBlock = try record.readInteger(as: UInt32.self)
      let nameLength = Int(try record.readInteger(as: UInt16.self))
      let units = try (0..<nameLength).map { _ in try record.readInteger(as: UInt16.self) }
      try record.moveTo(2 + keyLength)
      let type = try record.readInteger(as: UInt32.self)
      let name = String(decoding: units, as: UTF16.self)
      switch type {
      case 0x10:  // kHFSPlusAttrInlineData
        try record.skip(8)
        let size = Int(try record.readInteger(as: UInt32.self))
        let value = Array(try record.readBytes(size))
        result[fileID, default: []].append(
          VolumeAttribute(name: name, size: Int64(size), storage: .inline(value)))
      case 0x20:  // kHFSPlusAttrForkData
        try record.skip(4)
        let fork = ByteReader(Array(try record.readBytes(80)))
        result[fileID, default: []].append(
          VolumeAttribute(
            name: name, size: try fork.getOffset(at: 0),
            storage: .stream(try Self.volumeExtents(in: fork, forkAt: 0))))
      case 0x30 where startBlock != 0:  // kHFSPlusAttrExtents: more extents of a fork above
        guard var list = result[fileID], let last = list.last, last.name == name else {
          throw HFSPlusError.malformedVolume(
            "attribute \(name) of item \(fileID) has overflow extents but no fork record")
        }
        try record.skip(4)
        let more = try Self.extentRecord(in: record, at: record.offset).map {
          VolumeExtent(start: UInt64($0.start), blockCount: UInt64($0.count))
        }
        let extents: [VolumeExtent] =
          if case .stream(let extents) = last.storage { extents } else { [] }
        list[list.count - 1].storage = .stream(extents + more)
        result[fileID] = list
      default:
        throw HFSPlusError.malformedVolume(
          "attribute \(name) of item \(fileID) has unknown record type \(type)")
      }
    }
    return result
  }

  /// An attribute's value, or a resource fork's bytes.
  ///
  /// - Throws: ``HFSPlusError/malformedVolume(_:)`` when a fork lies outside the volume.
  package func value(of attribute: VolumeAttribute) throws -> [UInt8] {
    switch attribute.storage {
    case .inline(let value): value
    case .stream(let extents): try read(size: attribute.size, extents: extents)
    }
  }
}
