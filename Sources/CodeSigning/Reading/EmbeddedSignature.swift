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
      var blobs: [UInt32: [UInt8]] = [:]
      // The blobs follow the index one after another and fill the superblob exactly: no byte of
      // it goes unexamined.
      var expectedOffset = 12 + 8 * count
      for index in 0..<count {
        let slot: UInt32 = try reader.getInteger(at: 12 + 8 * index)
        let offset = Int(try reader.getInteger(at: 16 + 8 * index, as: UInt32.self))
        let blobLength = Int(try reader.getInteger(at: offset + 4, as: UInt32.self))
        guard blobLength >= 8, offset == expectedOffset, offset + blobLength <= length,
          blobs[slot] == nil
        else {
          throw SignatureError.malformed(
            "blob \(index) (slot \(slot)) is not where the superblob's layout puts it")
        }
        blobs[slot] = Array(try reader.getBytes(at: offset, count: blobLength))
        expectedOffset = offset + blobLength
      }
      guard expectedOffset == length else {
        throw SignatureError.malformed(
          "\(length - expectedOffset) bytes of the superblob belong to no blob")
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
}
