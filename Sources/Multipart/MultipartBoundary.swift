/// The string that separates the parts of a multipart body, checked against RFC 2046.
///
/// A boundary has 1 to 70 characters from RFC 2046's `bchars` (letters, digits and
/// `'()+_,-./:=?` and space) and does not end with a space. ``random()`` makes one with 143 bits
/// from the system's secure random generator, so that no part can guess it.
public struct MultipartBoundary: Hashable, Sendable, CustomStringConvertible {
  /// The boundary's characters, as they appear after `--` in the body.
  public let value: String

  /// The longest boundary RFC 2046 allows.
  public static let maximumLength = 70

  /// Checks `value` and makes a boundary from it.
  ///
  /// - Parameter value: The boundary's characters.
  /// - Throws: ``MultipartEncodingError`` with code `invalidBoundary`, naming the first bad
  ///   character and its position, when the value breaks RFC 2046's grammar.
  public init(_ value: String) throws(MultipartEncodingError) {
    let bytes = Array(value.utf8)
    guard !bytes.isEmpty else {
      throw MultipartEncodingError(.invalidBoundary, "invalid boundary: it is empty")
    }
    guard bytes.count <= Self.maximumLength else {
      throw MultipartEncodingError(
        .invalidBoundary,
        "invalid boundary: it has \(bytes.count) bytes, more than the \(Self.maximumLength) RFC 2046 allows"
      )
    }
    for (offset, byte) in bytes.enumerated() where !Self.isBoundaryCharacter(byte) {
      let shown =
        byte < 0x80
        ? "\"\(Character(Unicode.Scalar(byte)).debugDescription.dropFirst().dropLast())\""
        : "non-ASCII byte"
      throw MultipartEncodingError(
        .invalidBoundary,
        "invalid boundary: character \(offset + 1) (\(shown)) is not allowed by RFC 2046"
      )
    }
    guard bytes.last != UInt8(ascii: " ") else {
      throw MultipartEncodingError(.invalidBoundary, "invalid boundary: it ends with a space")
    }
    self.value = value
  }

  private init(unchecked value: String) { self.value = value }

  /// A new boundary of the form `----ShipyardBoundary` followed by 24 random letters and digits.
  ///
  /// The 24 characters carry 24 × log2(62) ≈ 143 bits from `SystemRandomNumberGenerator`.
  public static func random() -> MultipartBoundary {
    var generator = SystemRandomNumberGenerator()
    return random(using: &generator)
  }

  /// A new random boundary drawn from `generator` (for reproducible tests).
  public static func random(using generator: inout some RandomNumberGenerator) -> MultipartBoundary
  {
    let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)
    var characters = Array("----ShipyardBoundary".utf8)
    for _ in 0..<24 {
      characters.append(alphabet[Int.random(in: 0..<alphabet.count, using: &generator)])
    }
    return MultipartBoundary(unchecked: String(decoding: characters, as: UTF8.self))
  }

  /// The boundary as written.
  public var description: String { value }

  /// The boundary as a `boundary=` parameter value: quoted when it holds characters outside an
  /// HTTP token (RFC 7578 §4.1 notes this is often necessary).
  var parameterValue: String {
    value.utf8.allSatisfy(HeaderSyntax.isTokenCharacter) ? value : "\"\(value)\""
  }

  static func isBoundaryCharacter(_ byte: UInt8) -> Bool {
    HeaderSyntax.isASCIIAlphanumeric(byte) || "'()+_,-./:=? ".utf8.contains(byte)
  }
}
