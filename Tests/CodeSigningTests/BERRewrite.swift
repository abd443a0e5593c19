import CodeSigning

/// Rewrites a DER CMS signature into BER as Apple's `codesign` streams one: every structure
/// around the signed parts with an indefinite length (`30 80 … 00 00`) and the signature value
/// (and a time-stamp token's content) as a constructed `OCTET STRING` cut into segments.
///
/// What is signed stays as it was: the certificates, the signer's identifier and the signed
/// attributes. A time-stamp token in the unsigned attributes is rewritten the same way, being a
/// CMS signature itself.
enum BERRewrite {
  /// `der`, a CMS `ContentInfo` holding `SignedData`, in BER.
  ///
  /// - Parameters:
  ///   - der: The DER signature.
  ///   - segment: The length of each segment of a cut `OCTET STRING`.
  /// - Returns: The BER signature.
  /// - Throws: ``BERError`` when `der` is not a CMS signature.
  static func cms(_ der: [UInt8], segment: Int = 100) throws -> [UInt8] {
    let parts = try BERElement.parse(der[...]).children()
    let signedData = try parts[1].child(0, "SignedData").children()
    let fields = try signedData.enumerated().map { index, field in
      switch field.tag {
      case 0x31 where index == signedData.count - 1:
        indefinite(0x31, try field.children().map { try signerInfo($0, segment: segment) })
      case 0x31: indefinite(0x31, try field.children().map { try algorithm($0) })
      case 0x30: try encapsulated(field, segment: segment)
      case 0xA0: indefinite(0xA0, try field.children().map { Array($0.encoded) })
      default: Array(field.encoded)
      }
    }
    return indefinite(
      0x30, [Array(parts[0].encoded), indefinite(0xA0, [indefinite(0x30, fields)])])
  }

  /// A value of indefinite length holding `elements`.
  static func indefinite(_ tag: UInt8, _ elements: [[UInt8]]) -> [UInt8] {
    [tag, 0x80] + elements.flatMap { $0 } + [0, 0]
  }

  /// `octets` as a constructed `OCTET STRING` of `segment`-byte segments.
  static func segmented(_ octets: [UInt8], segment: Int) -> [UInt8] {
    let pieces = stride(from: 0, to: octets.count, by: segment).map {
      definite(0x04, Array(octets[$0..<min(octets.count, $0 + segment)]))
    }
    return indefinite(0x24, pieces)
  }

  /// A DER element (short or long length form).
  static func definite(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
    guard content.count >= 0x80 else { return [tag, UInt8(content.count)] + content }
    let length = withUnsafeBytes(of: UInt32(content.count).bigEndian, Array.init)
      .drop { $0 == 0 }
    return [tag, 0x80 | UInt8(length.count)] + length + content
  }

  // MARK: - Parts

  /// An `AlgorithmIdentifier`, of indefinite length.
  private static func algorithm(_ element: BERElement) throws -> [UInt8] {
    indefinite(element.tag, try element.children().map { Array($0.encoded) })
  }

  /// `EncapsulatedContentInfo`: detached (the type alone) or holding a segmented content.
  private static func encapsulated(_ element: BERElement, segment: Int) throws -> [UInt8] {
    let parts = try element.children()
    var rewritten = [Array(parts[0].encoded)]
    if parts.count > 1 {
      let content = try parts[1].child(0, "eContent").octets()
      rewritten.append(indefinite(0xA0, [segmented(content, segment: segment)]))
    }
    return indefinite(0x30, rewritten)
  }

  /// A `SignerInfo`: the signed attributes as they are, the signature value segmented, each
  /// time-stamp token rewritten.
  private static func signerInfo(_ element: BERElement, segment: Int) throws -> [UInt8] {
    let fields = try element.children().map { field -> [UInt8] in
      switch field.tag {
      case 0x30 where (try? field.children().first?.objectIdentifier) != nil:
        try algorithm(field)
      case 0x04: segmented(Array(field.content), segment: segment)
      case 0xA1: try unsignedAttributes(field, segment: segment)
      default: Array(field.encoded)
      }
    }
    return indefinite(0x30, fields)
  }

  /// The unsigned attributes, each time-stamp token rewritten into BER too.
  private static func unsignedAttributes(_ element: BERElement, segment: Int) throws -> [UInt8] {
    let attributes = try element.children().map { attribute -> [UInt8] in
      let parts = try attribute.children()
      let isToken = parts[0].objectIdentifier == "1.2.840.113549.1.9.16.2.14"
      let values = try parts[1].children().map {
        isToken ? try cms(Array($0.encoded), segment: segment) : Array($0.encoded)
      }
      return indefinite(0x30, [Array(parts[0].encoded), indefinite(0x31, values)])
    }
    return indefinite(0xA1, attributes)
  }
}
