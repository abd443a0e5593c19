import SystemSupport

/// An extended attribute found in a volume's attributes file.
package struct HFSPlusAttribute: Sendable, Equatable {
  /// The attribute's name.
  package let name: String
  /// The value's size in bytes.
  package let size: Int64
  /// Whether the value is stored in its record (`kHFSPlusAttrInlineData`) rather than in blocks
  /// of its own (`kHFSPlusAttrForkData`).
  package let isInline: Bool
  /// An inline value.
  let inlineValue: [UInt8]
  /// A fork's extents.
  let extents: [HFSPlusExtent]

  package static func == (lhs: HFSPlusAttribute, rhs: HFSPlusAttribute) -> Bool {
    lhs.name == rhs.name && lhs.size == rhs.size && lhs.isInline == rhs.isInline
      && lhs.inlineValue == rhs.inlineValue
  }
}

/// A run of allocation blocks.
package struct HFSPlusExtent: Sendable {
  /// The first block.
  package let start: UInt32
  /// The number of blocks.
  package let count: UInt32
}

extension HFSPlusReader {
  /// Every item's extended attributes, by catalog node ID, in name order.
  ///
  /// - Throws: ``HFSPlusError/malformedVolume(_:)`` for a damaged attributes file.
  package func attributes() throws -> [UInt32: [HFSPlusAttribute]] {
    var result: [UInt32: [HFSPlusAttribute]] = [:]
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
          HFSPlusAttribute(
            name: name, size: Int64(size), isInline: true, inlineValue: value, extents: []))
      case 0x20:  // kHFSPlusAttrForkData
        try record.skip(4)
        let fork = ByteReader(Array(try record.readBytes(80)))
        let extents = try Self.extents(in: fork, forkAt: 0).map {
          HFSPlusExtent(start: $0.start, count: $0.count)
        }
        result[fileID, default: []].append(
          HFSPlusAttribute(
            name: name, size: try fork.getOffset(at: 0), isInline: false, inlineValue: [],
            extents: extents))
      case 0x30 where startBlock != 0:  // kHFSPlusAttrExtents: more extents of a fork above
        guard var list = result[fileID], let last = list.last, last.name == name else {
          throw HFSPlusError.malformedVolume(
            "attribute \(name) of item \(fileID) has overflow extents but no fork record")
        }
        try record.skip(4)
        let more = try Self.extentRecord(in: record, at: record.offset)
        list[list.count - 1] = HFSPlusAttribute(
          name: name, size: last.size, isInline: false, inlineValue: [],
          extents: last.extents + more.map { HFSPlusExtent(start: $0.start, count: $0.count) })
        result[fileID] = list
      default:
        throw HFSPlusError.malformedVolume(
          "attribute \(name) of item \(fileID) has unknown record type \(type)")
      }
    }
    return result
  }

  /// An attribute's value.
  package func value(of attribute: HFSPlusAttribute) throws -> [UInt8] {
    guard !attribute.isInline else { return attribute.inlineValue }
    return try read(size: attribute.size, extents: attribute.extents.map { ($0.start, $0.count) })
  }

  /// The items whose catalog flag `kHFSHasAttributesMask` disagrees with the attributes file:
  /// a Mac's getxattr and listxattr trust the flag, so such an item's attributes are lost there
  /// (or, the other way, it lists none that exist).
  package func attributeFlagMismatches(
    entries: [HFSPlusEntry], attributes: [UInt32: [HFSPlusAttribute]]
  ) -> [(path: String, flagged: Bool, stored: Int)] {
    entries.compactMap { entry in
      let stored = attributes[entry.id]?.count ?? 0
      return entry.hasAttributesFlag == (stored > 0)
        ? nil : (entry.path, entry.hasAttributesFlag, stored)
    }
  }
}
