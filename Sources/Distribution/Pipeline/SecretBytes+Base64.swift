extension SecretBytes {
  /// Why text does not decode to key material: each case names the text by its origin, and
  /// where it goes wrong, never what it holds.
  public enum DecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text is empty, or only white space.
    case empty(origin: String)
    /// The character at `position` (counted from 1, white space included) is not base64.
    case notBase64(origin: String, position: Int)
    /// The text stops inside a group of four base64 characters, as text cut short does.
    case truncated(origin: String)

    /// A sentence naming the problem.
    public var description: String {
      switch self {
      case .empty(let origin): "\(origin) is empty"
      case .notBase64(let origin, let position):
        "\(origin) is not base64 (at character \(position))"
      case .truncated(let origin):
        "\(origin) is not base64 (it stops inside a group of four characters: cut short?)"
      }
    }
  }

  /// Decodes base64 text (RFC 4648's alphabet, `=` padding optional), its line breaks and other
  /// white space ignored, as `base64` wraps its output and CI secrets often keep it.
  ///
  /// - Parameters:
  ///   - text: The base64 text.
  ///   - origin: Where it came from, for messages.
  /// - Throws: ``DecodingError`` naming `origin`, and the first character that is not base64.
  public init(base64 text: String, origin: String) throws(DecodingError) {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count * 3 / 4)
    var accumulator: UInt32 = 0
    var pending = 0
    var significant = 0
    var padding = 0
    for (offset, character) in text.enumerated() {
      if character.isWhitespace { continue }
      if character == "=", significant > 0, padding < 2 {
        padding += 1
        continue
      }
      guard padding == 0, let value = Self.sextet(character) else {
        throw .notBase64(origin: origin, position: offset + 1)
      }
      significant += 1
      accumulator = accumulator << 6 | UInt32(value)
      pending += 6
      if pending >= 8 {
        pending -= 8
        bytes.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(pending)))
      }
    }
    guard significant > 0 else { throw .empty(origin: origin) }
    let group = significant % 4
    guard group != 1, padding == 0 || (group + padding) % 4 == 0 else {
      throw .truncated(origin: origin)
    }
    self.init(bytes, origin: origin)
  }

  /// The text's own bytes when it is PEM (starts with `-----BEGIN`, after white space), as a
  /// `.p8` file is; else its base64, decoded as ``init(base64:origin:)`` does.
  ///
  /// - Parameters:
  ///   - text: PEM or base64 text.
  ///   - origin: Where it came from, for messages.
  /// - Throws: ``DecodingError`` naming `origin` when the text is neither PEM nor base64.
  public init(pemOrBase64 text: String, origin: String) throws(DecodingError) {
    guard text.drop(while: \.isWhitespace).hasPrefix("-----BEGIN") else {
      try self.init(base64: text, origin: origin)
      return
    }
    self.init(Array(text.utf8), origin: origin)
  }

  /// The value of a base64 character, or `nil`.
  private static func sextet(_ character: Character) -> UInt8? {
    guard let ascii = character.asciiValue else { return nil }
    switch ascii {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): return ascii - UInt8(ascii: "A")
    case UInt8(ascii: "a")...UInt8(ascii: "z"): return ascii - UInt8(ascii: "a") + 26
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return ascii - UInt8(ascii: "0") + 52
    case UInt8(ascii: "+"): return 62
    case UInt8(ascii: "/"): return 63
    default: return nil
    }
  }
}
