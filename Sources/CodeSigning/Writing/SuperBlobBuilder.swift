import SystemSupport

/// Lays blobs out as an embedded-signature superblob (`0xfade0cc0`): the index sorted by slot,
/// then the blobs in that order, each copied byte for byte.
package struct SuperBlobBuilder: Sendable {
  /// The blobs by slot (`0` code directory, `2` requirements, `0x10000` CMS, `0x10002` ticket).
  package var blobs: [UInt32: [UInt8]]

  /// `CSSLOT_CODEDIRECTORY`.
  package static let codeDirectorySlot: UInt32 = 0
  /// `CSSLOT_REQUIREMENTS`.
  package static let requirementsSlot: UInt32 = 2
  /// `CSSLOT_ENTITLEMENTS`: the XML entitlements blob.
  package static let entitlementsSlot: UInt32 = 5
  /// `CSSLOT_DER_ENTITLEMENTS`: the DER entitlements blob.
  package static let derEntitlementsSlot: UInt32 = 7
  /// `CSSLOT_ALTERNATE_CODEDIRECTORIES`: the first alternate code directory.
  package static let alternateCodeDirectorySlot: UInt32 = 0x1000
  /// `CSSLOT_SIGNATURESLOT`.
  package static let signatureSlot: UInt32 = 0x10000
  /// `CSSLOT_TICKETSLOT`.
  package static let ticketSlot: UInt32 = 0x10002

  /// Makes a superblob from blobs.
  package init(blobs: [UInt32: [UInt8]]) { self.blobs = blobs }

  /// A blob: `magic`, the length (with these 8 bytes), `payload`.
  package static func blob(magic: UInt32, _ payload: [UInt8]) -> [UInt8] {
    var writer = ByteWriter(capacity: payload.count + 8)
    writer.writeInteger(magic)
    writer.writeInteger(UInt32(payload.count + 8))
    writer.writeBytes(payload)
    return writer.bytes
  }

  /// Wraps DER bytes (a CMS signature or a ticket) as a wrapper blob (`0xfade0b01`).
  package static func wrapper(_ content: [UInt8]) -> [UInt8] {
    blob(magic: 0xFADE_0B01, content)
  }

  /// The superblob's bytes.
  package func bytes() -> [UInt8] {
    let slots = blobs.keys.sorted()
    let total = 12 + 8 * slots.count + blobs.values.reduce(0) { $0 + $1.count }
    var writer = ByteWriter(capacity: total)
    writer.writeInteger(UInt32(0xFADE_0CC0))
    writer.writeInteger(UInt32(total))
    writer.writeInteger(UInt32(slots.count))
    var offset = 12 + 8 * slots.count
    for slot in slots {
      writer.writeInteger(slot)
      writer.writeInteger(UInt32(offset))
      offset += blobs[slot]?.count ?? 0
    }
    for slot in slots { writer.writeBytes(blobs[slot] ?? []) }
    return writer.bytes
  }
}
