/// The classic Mac OS text encodings that license agreements are stored in: `TEXT` resources
/// and `STR#` button titles are bytes in the encoding of their language's script.
///
/// Each is converted by the system where it has a correct converter (Foundation, or iconv on
/// Linux) and by a table of Apple's mapping where it has none; Vietnamese has neither off Apple
/// platforms, and text in it is refused there rather than written wrong.
package enum MacTextEncoding: String, Sendable, CaseIterable {
  case roman = "Mac OS Roman"
  case japanese = "Mac OS Japanese (Shift JIS)"
  case chineseTraditional = "Mac OS Traditional Chinese (Big5)"
  case korean = "Mac OS Korean (EUC-KR)"
  case arabic = "Mac OS Arabic"
  case hebrew = "Mac OS Hebrew"
  case greek = "Mac OS Greek"
  case cyrillic = "Mac OS Cyrillic"
  case thai = "Mac OS Thai"
  case chineseSimplified = "Mac OS Simplified Chinese (GB 2312)"
  case centralEuropean = "Mac OS Central European"
  case vietnamese = "Mac OS Vietnamese"
  case turkish = "Mac OS Turkish"
  case croatian = "Mac OS Croatian"
  case romanian = "Mac OS Romanian"
  case ukrainian = "Mac OS Ukrainian"

  /// The first character an encoding cannot write, and its offset in characters.
  package struct Unencodable: Error, Equatable, Sendable {
    /// The character.
    package let character: Character
    /// Its offset, in characters, from the start of the text.
    package let offset: Int
  }

  /// How the encoding is converted.
  enum Converter {
    /// One of our tables of Apple's mapping.
    case codePage(MacCodePage)
    /// Foundation's converter for the `CFStringEncoding`.
    case foundation(UInt32)
    /// iconv's converter of that name.
    case iconv(String)
    /// No converter maps it correctly here.
    case unavailable
  }

  /// Whether text can be converted to this encoding here.
  package var isAvailable: Bool {
    if case .unavailable = converter { return false }
    return true
  }

  /// The text's bytes, or the first character the encoding cannot write.
  package func encode(_ text: String) -> Result<[UInt8], Unencodable> {
    switch converter {
    case .codePage(let table): return table.encode(text)
    case .unavailable: return .failure(Unencodable(character: text.first ?? " ", offset: 0))
    case .foundation, .iconv:
      if let bytes = convert(text) { return .success(bytes) }
      // Find the character that failed, one at a time (only on this error path).
      for (offset, character) in text.enumerated() where convert(String(character)) == nil {
        return .failure(Unencodable(character: character, offset: offset))
      }
      return .failure(Unencodable(character: text.first ?? " ", offset: 0))
    }
  }

  /// The text of the bytes, or `nil` when they are not valid in this encoding.
  package func decode(_ bytes: [UInt8]) -> String? {
    switch converter {
    case .codePage(let table): table.decode(bytes)
    case .foundation(let encoding): FoundationConverter.decode(bytes, from: encoding)
    case .iconv(let name): IconvConverter.decode(bytes, from: name)
    case .unavailable: nil
    }
  }

  func convert(_ text: String) -> [UInt8]? {
    switch converter {
    case .foundation(let encoding): FoundationConverter.encode(text, to: encoding)
    case .iconv(let name): IconvConverter.encode(text, to: name)
    case .codePage(let table): try? table.encode(text).get()
    case .unavailable: nil
    }
  }
}
