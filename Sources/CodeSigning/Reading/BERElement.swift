/// A minimal ASN.1 reader for BER, of which DER is the strict subset: enough to find the
/// certificates and signed attributes of a CMS signature and name their subjects.
///
/// Apple's `codesign` writes the CMS of a code signature in BER, as its Security framework
/// streams it: the `ContentInfo`, `SignedData` and the encapsulated content have indefinite
/// lengths (`30 80 … 00 00`), and a string may be cut into segments (a constructed
/// `OCTET STRING`). This reader accepts both, as the Security framework does, within bounds a
/// hostile input cannot stretch:
/// - an indefinite length is found by reading what it holds up to its end-of-contents octets,
///   at most ``maximumDepth`` indefinite or constructed-string levels deep;
/// - a definite length has at most four octets and never runs past its container;
/// - high tag numbers (`1F …`), which no CMS structure uses, are refused.
///
/// What Shipyard writes stays DER (``CMSSignatureBuilder``).
package struct BERElement: Sendable {
  // MARK: - Properties

  /// How deep indefinite lengths and constructed strings may nest.
  ///
  /// CMS needs about eight.
  package static let maximumDepth = 32

  /// The identifier octet (class, constructed bit, tag number for low tags).
  package let tag: UInt8
  /// The content octets: for an indefinite length, everything before the end-of-contents
  /// octets.
  package let content: ArraySlice<UInt8>
  /// The whole element, header (and end-of-contents octets) included.
  package let encoded: ArraySlice<UInt8>
  /// Whether the length was indefinite (`80`), the content ending at `00 00`.
  package let hasIndefiniteLength: Bool

  /// Whether the element holds other elements.
  package var isConstructed: Bool { tag & 0x20 != 0 }

  // MARK: - Reading

  /// Parses the element at the start of `bytes`.
  ///
  /// - Throws: ``BERError`` naming what is malformed.
  package static func parse(_ bytes: ArraySlice<UInt8>) throws(BERError) -> BERElement {
    try parse(bytes, depth: 0)
  }

  /// The elements inside a constructed element.
  package func children() throws(BERError) -> [BERElement] {
    var elements: [BERElement] = []
    var rest = content
    while !rest.isEmpty {
      let element = try BERElement.parse(rest)
      elements.append(element)
      rest = rest[element.encoded.endIndex...]
    }
    return elements
  }

  /// The element at `index` inside this one, or an error naming `what` when there are fewer.
  package func child(_ index: Int, _ what: String) throws(BERError) -> BERElement {
    let elements = try children()
    guard elements.indices.contains(index) else { throw BERError("\(what) is missing") }
    return elements[index]
  }

  /// The octets of a string (`OCTET STRING`, `UTF8String`, `UTCTime`…): the content of a
  /// primitive one, the segments' octets joined for a constructed one.
  ///
  /// - Throws: ``BERError`` when a segment is not a string of the same type, or segments nest
  ///   deeper than ``maximumDepth``.
  package func octets() throws(BERError) -> [UInt8] {
    try octets(depth: 0)
  }

  // MARK: - Values

  /// An OBJECT IDENTIFIER's dotted form, such as `2.5.4.3`.
  package var objectIdentifier: String? {
    guard tag == 0x06, let first = content.first else { return nil }
    var parts = [Int(first) / 40, Int(first) % 40]
    var value = 0
    for byte in content.dropFirst() {
      value = value << 7 | Int(byte & 0x7F)
      if byte & 0x80 == 0 {
        parts.append(value)
        value = 0
      }
    }
    return parts.map(String.init).joined(separator: ".")
  }

  /// A string's text (UTF8String, PrintableString, IA5String, BMPString…), primitive or
  /// constructed.
  package var string: String? {
    guard let octets = try? octets() else { return nil }
    switch tag & ~0x20 {
    case 0x0C, 0x13, 0x16, 0x14, 0x1A, 0x17, 0x18: return String(decoding: octets, as: UTF8.self)
    case 0x1E:
      let units = stride(from: 0, to: octets.count - 1, by: 2).map {
        UInt16(octets[$0]) << 8 | UInt16(octets[$0 + 1])
      }
      return String(decoding: units, as: UTF16.self)
    default: return nil
    }
  }

  // MARK: - Implementation

  /// Parses the element at the start of `bytes`, `depth` indefinite levels inside the outermost
  /// one being read.
  private static func parse(_ bytes: ArraySlice<UInt8>, depth: Int) throws(BERError)
    -> BERElement
  {
    var index = bytes.startIndex
    guard index < bytes.endIndex else { throw BERError("an element is missing") }
    let tag = bytes[index]
    guard tag & 0x1F != 0x1F else { throw BERError("high tag numbers are not used by CMS") }
    guard tag != 0 else {
      throw BERError("an end-of-contents marker stands where an element belongs")
    }
    index += 1
    guard index < bytes.endIndex else { throw BERError("an element has no length") }
    let first = Int(bytes[index])
    index += 1
    if first == 0x80 {
      return try indefinite(tag: tag, bytes: bytes, contentStart: index, depth: depth)
    }
    var length = first
    if first & 0x80 != 0 {
      let count = first & 0x7F
      guard count <= 4, index + count <= bytes.endIndex else {
        throw BERError("a length is malformed")
      }
      length = 0
      for _ in 0..<count {
        length = length << 8 | Int(bytes[index])
        index += 1
      }
    }
    guard length <= bytes.endIndex - index else {
      throw BERError("an element runs past its container")
    }
    return BERElement(
      tag: tag, content: bytes[index..<(index + length)],
      encoded: bytes[bytes.startIndex..<(index + length)], hasIndefiniteLength: false)
  }

  /// The element of indefinite length whose content starts at `contentStart`: the elements up
  /// to the end-of-contents octets.
  private static func indefinite(
    tag: UInt8, bytes: ArraySlice<UInt8>, contentStart: Int, depth: Int
  ) throws(BERError) -> BERElement {
    guard tag & 0x20 != 0 else {
      throw BERError("a primitive element has an indefinite length")
    }
    guard depth < maximumDepth else {
      throw BERError("indefinite lengths nest deeper than \(maximumDepth) levels")
    }
    var index = contentStart
    while true {
      guard bytes.endIndex - index >= 2 else {
        throw BERError("an element of indefinite length has no end-of-contents octets")
      }
      if bytes[index] == 0 {
        guard bytes[index + 1] == 0 else { throw BERError("end-of-contents octets are malformed") }
        return BERElement(
          tag: tag, content: bytes[contentStart..<index],
          encoded: bytes[bytes.startIndex..<(index + 2)], hasIndefiniteLength: true)
      }
      index = try parse(bytes[index...], depth: depth + 1).encoded.endIndex
    }
  }

  /// ``octets()``, `depth` constructed levels down.
  private func octets(depth: Int) throws(BERError) -> [UInt8] {
    guard isConstructed else { return Array(content) }
    guard depth < Self.maximumDepth else {
      throw BERError("string segments nest deeper than \(Self.maximumDepth) levels")
    }
    // Universal strings cut into segments of their own type; an implicitly tagged one (a
    // context-specific tag) into OCTET STRING segments.
    let segmentType = tag & 0xC0 == 0 ? tag & 0x1F : 0x04
    var joined: [UInt8] = []
    for segment in try children() {
      guard segment.tag & 0xC0 == 0, segment.tag & 0x1F == segmentType else {
        throw BERError("a segment of a constructed string is not a string of its type")
      }
      joined += try segment.octets(depth: depth + 1)
    }
    return joined
  }
}

/// A structure that follows neither BER nor DER.
package struct BERError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong.
  package let description: String
  init(_ description: String) { self.description = description }
}
