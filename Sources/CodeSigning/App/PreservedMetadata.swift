import SystemSupport

/// What a Mach-O file's existing signature carries that re-signing keeps by default, as
/// rcodesign does: its entitlements, and its identifier where the signer was given none.
///
/// ```swift
/// let kept = PreservedMetadata(file)
/// request.entitlementsXML = given ?? kept.entitlementsXML
/// ```
///
/// A linker's signature (`CS_LINKER_SIGNED`) carries nothing worth keeping: its identifier is
/// the output file's name, which nobody chose. A damaged signature keeps nothing either: it is
/// replaced, not read.
package struct PreservedMetadata: Sendable, Equatable {
  /// The `0xfade7171` blob's magic: entitlements as an XML property list (slot 5).
  static let entitlementsMagic: UInt32 = 0xFADE_7171
  /// The special slot of the XML entitlements.
  static let entitlementsSlot: UInt32 = 5

  /// The existing signature's identifier, unless a linker made it.
  package let identifier: String?
  /// The existing signature's entitlements, as the XML it holds; `nil` when it has none.
  package let entitlementsXML: [UInt8]?

  /// Nothing kept.
  package static let nothing = PreservedMetadata(identifier: nil, entitlementsXML: nil)

  /// Makes a record of what is kept.
  package init(identifier: String?, entitlementsXML: [UInt8]?) {
    self.identifier = identifier
    self.entitlementsXML = entitlementsXML
  }

  /// Reads what the first signed slice of `file` carries.
  package init(_ file: MachOFile) {
    for slice in file.slices {
      guard let command = slice.macho.codeSignature,
        let signature = try? MachOSignatureReader.superblob(slice.macho, command),
        let blob = signature[.codeDirectory],
        let directory = try? CodeDirectory(blob)
      else { continue }
      guard !directory.isLinkerSigned else { break }
      identifier = directory.identifier
      entitlementsXML = signature.blobs[Self.entitlementsSlot].flatMap(Self.payload)
      return
    }
    identifier = nil
    entitlementsXML = nil
  }

  /// The XML of an entitlements blob: what follows its magic and length, as long as the length
  /// says; `nil` for another blob or a length that does not fit.
  static func payload(of blob: [UInt8]) -> [UInt8]? {
    let reader = ByteReader(blob)
    guard (try? reader.getInteger(at: 0, as: UInt32.self)) == entitlementsMagic,
      let length = try? reader.getInteger(at: 4, as: UInt32.self),
      length >= 8, Int(length) <= blob.count
    else { return nil }
    return Array(blob[8..<Int(length)])
  }
}
