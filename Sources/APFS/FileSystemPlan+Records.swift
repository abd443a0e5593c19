import SystemSupport
import VolumeInterface

extension FileSystemPlan {
  /// A data stream as laid out: what reads it, its owner, and its first block from the data's
  /// start.
  typealias PlacedStream = (segment: SegmentedByteStream.Segment, owner: UInt64, firstBlock: Int64)

  /// The data streams, in the order their blocks follow each other: the planned ones with the
  /// `.DS_Store`'s in its place.
  var streams: LazyMapSequence<Range<Int>, PlacedStream> {
    let inserted = filledDSStore.flatMap { stream in dsStore.map { (stream, $0.streamIndex) } }
    let shift = dsStoreBlocks
    return (0..<plannedStreams.count + (inserted == nil ? 0 : 1)).lazy.map { position in
      guard let (stream, index) = inserted, position >= index else {
        return self.placed(self.plannedStreams[position], shift: 0)
      }
      return position == index
        ? self.placed(stream, shift: 0)
        : self.placed(self.plannedStreams[position - 1], shift: shift)
    }
  }

  private func placed(_ stream: Stream, shift: Int64) -> PlacedStream {
    (stream.segment, UInt64(stream.owner), stream.firstBlock + shift)
  }

  /// The planned stream `index` (or the filled `.DS_Store`'s, for ``Entry/none`` on the
  /// store's entry) of inode `id`, as laid out; nil when it has none.
  private func stream(of entry: Entry, id: UInt64) -> PlacedStream? {
    if entry.streamIndex != Entry.none {
      let index = Int(entry.streamIndex)
      let isAfterStore = filledDSStore != nil && index >= dsStore?.streamIndex ?? .max
      return placed(plannedStreams[index], shift: isAfterStore ? dsStoreBlocks : 0)
    }
    guard id == dsStore?.id, let filledDSStore else { return nil }
    return placed(filledDSStore, shift: 0)
  }

  // MARK: - Records in key order

  /// The file-system tree's records in key order, with data starting at block `dataStart`,
  /// made as they are read: object by object, each object's records by type, then by name.
  func fileSystemRecords(dataStart: Int64) -> some Sequence<BTreeRecord> {
    // Objects 1, 2 and 3, then the entries from 16.
    let objects = [Self.parentOfRoot, Self.rootID, Self.privateID]
    return (0..<(objects.count + entries.count)).lazy.flatMap { position -> [BTreeRecord] in
      guard position >= objects.count else {
        return self.specialRecords(of: objects[position], dataStart: dataStart)
      }
      let id = UInt64(position - objects.count) + Self.firstEntryID
      return self.records(of: id, dataStart: dataStart)
    }
  }

  /// The extent-reference tree's records in key order (by block), with data starting at block
  /// `dataStart`: one physical extent per stream.
  func extentReferenceRecords(dataStart: Int64) -> some Sequence<BTreeRecord> {
    streams.map { stream in
      FileSystemRecord.physicalExtent(
        start: UInt64(dataStart + stream.firstBlock),
        blocks: UInt64(blocks(for: stream.segment.length)), owner: stream.owner)
    }
  }

  /// The records of the parent of the root (the root's and the private folder's directory
  /// records), of the root, and of the private folder.
  private func specialRecords(of id: UInt64, dataStart: Int64) -> [BTreeRecord] {
    let date = UInt64(rootDate) * 1_000_000_000
    switch id {
    case Self.parentOfRoot:
      return rootFolders.map { id, name in
        FileSystemRecord.directoryRecord(
          parent: Self.parentOfRoot, lengthAndHash: name.lengthAndHash, name: name.bytes,
          fileID: id, dateAdded: date, fileType: 4)
      }
    case Self.rootID:
      return records(of: id, dataStart: dataStart)
    default:
      return [
        InodeRecord(
          id: id, parent: Self.parentOfRoot, date: date, childrenOrLinks: 0, owner: 0, group: 0,
          mode: 0o040755, name: Array("private-dir".utf8)[...]
        ).record
      ]
    }
  }

  /// The records of inode `id` (the root, an item, or a large attribute's stream), in key
  /// order: its inode, attributes, data stream and extent, then a folder's directory records.
  private func records(of id: UInt64, dataStart: Int64) -> [BTreeRecord] {
    let entry = entry(id)
    let stream = stream(of: entry, id: id)
    let extent = stream.map { stream in
      FileSystemRecord.fileExtent(
        streamID: id, logicalOffset: 0,
        length: UInt64(blocks(for: stream.segment.length) * Int64(blockSize)),
        physicalBlock: UInt64(dataStart + stream.firstBlock))
    }
    guard entry.kind != .attributeStream else { return extent.map { [$0] } ?? [] }
    var records: [BTreeRecord] = []
    records.reserveCapacity(3 + Int(entry.childCount))
    records.append(
      InodeRecord(
        id: id, parent: UInt64(entry.parent), date: UInt64(entry.date) * 1_000_000_000,
        internalFlags: entry.internalFlags,
        childrenOrLinks: entry.kind == .folder ? entry.childCount : 1, owner: options.ownerID,
        group: options.groupID, mode: entry.mode, name: name(of: entry),
        dataStream: stream.map {
          FileSystemRecord.dataStream(length: UInt64($0.segment.length), blockSize: blockSize)
        }
      ).record)
    if entry.extrasIndex != Entry.none {
      for attribute in extras[Int(entry.extrasIndex)] {
        records.append(
          FileSystemRecord.extendedAttribute(
            owner: id, name: attribute.name, flags: attribute.flags, data: attribute.data))
      }
    }
    if let extent {
      records.append(FileSystemRecord.dataStreamID(id))
      records.append(extent)
    }
    for offset in 0..<UInt64(entry.childCount) {
      let childID = UInt64(
        entries[Int(UInt64(entry.firstChild) + offset - Self.firstEntryID)].directoryOrder)
      let child = self.entry(childID)
      records.append(
        FileSystemRecord.directoryRecord(
          parent: id, lengthAndHash: child.nameHash | (UInt32(child.nameLength) + 1),
          name: name(of: child), fileID: childID,
          dateAdded: UInt64(child.date) * 1_000_000_000, fileType: child.directoryType))
    }
    return records
  }
}
