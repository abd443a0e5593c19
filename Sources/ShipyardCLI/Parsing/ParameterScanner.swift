/// Reads the words and `;`-separated modifiers of a `-F` argument, as curl does.
struct ParameterScanner {
  private var rest: Substring

  init(_ text: Substring) {
    rest = text
  }

  mutating func skip(_ count: Int) { rest = rest.dropFirst(count) }

  mutating func skipSpaces() { rest = rest.drop { $0 == " " || $0 == "\t" } }

  /// Consumes `prefix` if the text starts with it.
  mutating func consume(_ prefix: String) -> Bool {
    guard rest.hasPrefix(prefix) else { return false }
    rest = rest.dropFirst(prefix.count)
    return true
  }

  /// Consumes and returns the next separator (`;` or `,`), or `nil` at the end.
  mutating func next() -> Character? {
    guard let first = rest.first else { return nil }
    rest = rest.dropFirst()
    return first
  }

  /// Reads a word: a double-quoted string with `\"` and `\\` escapes (taken as unquoted if the
  /// closing quote is missing), or text up to a stop character with surrounding spaces removed.
  mutating func readWord(stoppingAt stops: String) -> String {
    skipSpaces()
    if rest.first == "\"", let (word, after) = Self.quoted(rest, stops: stops) {
      rest = after
      return word
    }
    let end = rest.firstIndex { stops.contains($0) } ?? rest.endIndex
    let word = rest[..<end]
    rest = rest[end...]
    return word.trimmingSpaces
  }

  /// Reads a content type with its parameters: up to the next `;` that starts a known modifier.
  mutating func readContentType() -> String {
    var type = ""
    while true {
      let end = rest.firstIndex(of: ";") ?? rest.endIndex
      type += rest[..<end]
      rest = rest[end...]
      let following = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
      let startsModifier = ["filename=", "headers=", "encoder=", "type="].contains {
        following.hasPrefix($0)
      }
      if rest.isEmpty || startsModifier { return type.trimmingSpaces }
      type += ";"
      rest = rest.dropFirst()
    }
  }

  private static func quoted(_ text: Substring, stops: String) -> (String, Substring)? {
    var word = ""
    var index = text.index(after: text.startIndex)
    while index < text.endIndex {
      let character = text[index]
      if character == "\\", text.index(after: index) < text.endIndex,
        ["\"", "\\"].contains(text[text.index(after: index)])
      {
        index = text.index(after: index)
        word.append(text[index])
      } else if character == "\"" {
        var after = text[text.index(after: index)...]
        after = after.drop { !stops.contains($0) }
        return (word, after)
      } else {
        word.append(character)
      }
      index = text.index(after: index)
    }
    return nil
  }
}
