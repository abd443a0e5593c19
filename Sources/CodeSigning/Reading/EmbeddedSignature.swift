import SystemSupport

/// An embedded signature superblob (`0xfade0cc0`): blobs by slot.
package struct EmbeddedSignature: Sendable {
  /// Slots of the superblob's index (`CSSLOT_*`).
  package enum Slot: UInt32, Sendable {
    /// `CSSLOT_CODEDIRECTORY`.
    case codeDirectory = 0
    /// `CSSLOT_REQUIREMENTS`.
    case requirements = 2
    /// `CSSLOT_ALTERNATE_CODEDIRECTORIES`, the first of them.
    case alternateCodeDirectory = 0x1000
    /// `CSSLOT_SIGNATURESLOT`: the CMS signature.
    case signature = 0x10000
    /// `CSSLOT_TICKETSLOT`: a stapled notarization ticket.
    case ticket = 0x10002
  }

  /// The blobs by slot number (each blob's bytes, magic and length included).
  package let blobs: [UInt32: [UInt8]]

  /// The superblob's magic.
  package static let magic: UInt32 = 0xFADE_0CC0

  /// Reads a superblob.
  package init(_ bytes: [UInt8]) throws(SignatureError) {
    do {
      let reader = ByteReader(bytes)
      guard try reader.getInteger(at: 0, as: UInt32.self) == Self.magic else {
        throw SignatureError.malformed(
          "the signature does not start with the superblob magic 0xfade0cc0")
      }
      let length = Int(try reader.getInteger(at: 4, as: UInt32.self))
      guard length <= bytes.count else {
        throw SignatureError.malformed(
          "the superblob claims \(length) bytes, the image holds \(bytes.count)")
      }
      let count = Int(try reader.getInteger(at: 8, as: UInt32.self))
      guard length == bytes.count else {
        throw SignatureError.malformed(
          "the superblob has \(length) bytes but the trailer gives it \(bytes.count)")
      }
      let indexEnd = 12 + 8 * count
      guard indexEnd <= length else {
        throw SignatureError.malformed(
          "the superblob's index of \(count) blobs needs \(indexEnd) bytes, it has \(length)")
      }
      var entries: [UInt32: Entry] = [:]
      for index in 0..<count {
        let entry = try Entry(reader, index: index, indexEnd: indexEnd, length: length)
        if let twin = entries[entry.slot] {
          throw SignatureError.malformed("\(entry) names the slot of \(twin) again")
        }
        entries[entry.slot] = entry
      }
      try Self.checkDisjoint(Array(entries.values))
      var blobs: [UInt32: [UInt8]] = [:]
      for entry in entries.values {
        blobs[entry.slot] = Array(try reader.getBytes(at: entry.offset, count: entry.length))
      }
      self.blobs = blobs
    } catch let error as SignatureError {
      throw error
    } catch {
      throw .malformed("the superblob is truncated: \(error)")
    }
  }

  /// The blob in `slot`.
  package subscript(_ slot: Slot) -> [UInt8]? { blobs[slot.rawValue] }

  /// Refuses blobs that share bytes: each blob is copied out, so overlapping ones could make a
  /// small superblob cost memory quadratic in its length.
  private static func checkDisjoint(_ entries: [Entry]) throws(SignatureError) {
    let byOffset = entries.sorted { ($0.offset, $0.index) < ($1.offset, $1.index) }
    for (earlier, later) in zip(byOffset, byOffset.dropFirst()) where later.offset < earlier.end {
      throw SignatureError.malformed("\(later) overlaps \(earlier)")
    }
  }
}

extension EmbeddedSignature {
  /// One entry of the superblob's index and the extent of the blob it points at, checked to lie
  /// within the superblob after the index.
  fileprivate struct Entry: CustomStringConvertible {
    /// The entry's position in the index.
    let index: Int
    /// The slot it names.
    let slot: UInt32
    /// Where its blob starts, from the superblob's start.
    let offset: Int
    /// The blob's length, from its header (magic and length included).
    let length: Int

    /// Where the blob ends.
    var end: Int { offset + length }

    /// The entry as errors name it.
    var description: String { "blob \(index) (slot \(slot)) at offset \(offset)" }

    /// Reads index entry `index` and its blob's header.
    ///
    /// Like Apple's reader (`SuperBlob::validateBlob` in Security), any offset is accepted whose
    /// blob lies after the index and within the superblob: linkers such as lld pad after the
    /// index, so the blobs need not follow it back to back.
    init(_ reader: ByteReader, index: Int, indexEnd: Int, length superblobLength: Int) throws {
      self.index = index
      slot = try reader.getInteger(at: 12 + 8 * index)
      offset = Int(try reader.getInteger(at: 16 + 8 * index, as: UInt32.self))
      guard offset >= indexEnd else {
        throw SignatureError.malformed(
          "blob \(index) (slot \(slot)) at offset \(offset) lies inside the superblob's "
            + "\(indexEnd)-byte header and index")
      }
      guard offset + 8 <= superblobLength else {
        throw SignatureError.malformed(
          "blob \(index) (slot \(slot)) at offset \(offset) has no room for its 8-byte header "
            + "in the superblob's \(superblobLength) bytes")
      }
      length = Int(try reader.getInteger(at: offset + 4, as: UInt32.self))
      guard length >= 8, offset + length <= superblobLength else {
        throw SignatureError.malformed(
          "blob \(index) (slot \(slot)) at offset \(offset) claims \(length) bytes, which do not "
            + "fit between its 8-byte header and the superblob's end at \(superblobLength)")
      }
    }
  }
}
