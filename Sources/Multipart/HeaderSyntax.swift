/// The byte-level rules for the header lines the encoder writes.
enum HeaderSyntax {
  /// Whether `byte` may appear in an HTTP token (RFC 9110 `tchar`).
  static func isTokenCharacter(_ byte: UInt8) -> Bool {
    isASCIIAlphanumeric(byte) || "!#$%&'*+-.^_`|~".utf8.contains(byte)
  }

  /// Whether `byte` is an ASCII letter or digit.
  static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "a")...UInt8(ascii: "z"):
      true
    default:
      false
    }
  }

  /// Escapes a field name as browsers do (WHATWG): line breaks are first normalised to CRLF,
  /// then `"`, CR and LF become `%22`, `%0D` and `%0A`; everything else, UTF-8 included, stays.
  static func escapeFieldName(_ name: String) -> String {
    escapeQuotedParameter(normalizingLineBreaks(name))
  }

  /// Escapes a filename as browsers do (WHATWG): `"`, CR and LF become `%22`, `%0D`, `%0A`.
  static func escapeFilename(_ filename: String) -> String {
    escapeQuotedParameter(filename)
  }

  /// Makes a free-form header value safe to write on one line: CR, LF and NUL are
  /// percent-encoded so that no value can end its header line.
  static func sanitizeValue(_ value: String) -> String {
    percentEncoding(value, escapes: ["\r": "%0D", "\n": "%0A", "\0": "%00"])
  }

  private static func escapeQuotedParameter(_ value: String) -> String {
    percentEncoding(value, escapes: ["\"": "%22", "\r": "%0D", "\n": "%0A"])
  }

  /// Replaces each scalar found in `escapes` by its replacement.
  private static func percentEncoding(_ value: String, escapes: [Unicode.Scalar: String]) -> String
  {
    guard value.unicodeScalars.contains(where: { escapes[$0] != nil }) else { return value }
    var result = ""
    for scalar in value.unicodeScalars {
      if let escaped = escapes[scalar] {
        result += escaped
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Replaces every CR LF, lone CR and lone LF by CR LF, as WHATWG does for names.
  static func normalizingLineBreaks(_ value: String) -> String {
    guard value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A }) else { return value }
    var result = ""
    var scalars = value.unicodeScalars.makeIterator()
    var pending = scalars.next()
    while let scalar = pending {
      pending = scalars.next()
      switch scalar {
      case "\r":
        result += "\r\n"
        if pending == "\n" { pending = scalars.next() }
      case "\n":
        result += "\r\n"
      default:
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
