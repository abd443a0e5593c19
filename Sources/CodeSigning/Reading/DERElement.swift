/// A minimal ASN.1 DER reader: enough to find the certificates and signed attributes of a CMS
/// signature and name their subjects.
package struct DERElement: Sendable {
  /// The identifier octet (class, constructed bit, tag number for low tags).
  package let tag: UInt8
  /// The content octets.
  package let content: ArraySlice<UInt8>
  /// The whole element, header included.
  package let encoded: ArraySlice<UInt8>

  /// Whether the element holds other elements.
  package var isConstructed: Bool { tag & 0x20 != 0 }

  /// The elements inside a constructed element.
  package func children() throws(DERError) -> [DERElement] {
    var elements: [DERElement] = []
    var rest = content
    while !rest.isEmpty {
      let element = try DERElement.parse(rest)
      elements.append(element)
      rest = rest[element.encoded.endIndex...]
    }
    return elements
  }

  /// The element at `index` inside this one, or an error naming `what` when there are fewer.
  package func child(_ index: Int, _ what: String) throws(DERError) -> DERElement {
    let elements = try children()
    guard elements.indices.contains(index) else { throw DERError("\(what) is missing") }
    return elements[index]
  }

  /// Parses the element at the start of `bytes`.
  package static func parse(_ bytes: ArraySlice<UInt8>) throws(DERError) -> DERElement {
    var index = bytes.startIndex
    guard index < bytes.endIndex else { throw DERError("an element is missing") }
    let tag = bytes[index]
    guard tag & 0x1F != 0x1F else { throw DERError("high tag numbers are not used by CMS") }
    index += 1
    guard index < bytes.endIndex else { throw DERError("an element has no length") }
    var length = Int(bytes[index])
    index += 1
    if length & 0x80 != 0 {
      let count = length & 0x7F
      guard count > 0, count <= 4, index + count <= bytes.endIndex else {
        throw DERError("a length is malformed")
      }
      length = 0
      for _ in 0..<count {
        length = length << 8 | Int(bytes[index])
        index += 1
      }
    }
    guard length <= bytes.endIndex - index else {
      throw DERError("an element runs past its container")
    }
    return DERElement(
      tag: tag, content: bytes[index..<(index + length)],
      encoded: bytes[bytes.startIndex..<(index + length)])
  }

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

  /// A string's text (UTF8String, PrintableString, IA5String, BMPString…).
  package var string: String? {
    switch tag {
    case 0x0C, 0x13, 0x16, 0x14, 0x1A: String(decoding: content, as: UTF8.self)
    case 0x1E:
      String(
        decoding: stride(from: content.startIndex, to: content.endIndex - 1, by: 2).map {
          UInt16(content[$0]) << 8 | UInt16(content[$0 + 1])
        }, as: UTF16.self)
    default: nil
    }
  }
}

/// A structure that does not follow DER.
package struct DERError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong.
  package let description: String
  init(_ description: String) { self.description = description }
}
