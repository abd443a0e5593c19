/// A glob over paths inside an app, as `@electron/universal`'s minimatch options take them:
/// `*` is any run of characters within one path component, `?` one such character, `**` any run
/// across components (`**/` also none), `[abc]` and `[a-z]` one of a set (`[!…]` or `[^…]`
/// outside it), `\` makes the next character literal.
///
/// A pattern that names a folder covers everything inside it: `Contents/Resources/app` matches
/// `Contents/Resources/app/main.js`.
struct PathPattern: Sendable, Equatable, CustomStringConvertible {
  /// The pattern as given.
  let text: String
  private let characters: [Character]

  /// Reads a pattern.
  ///
  /// - Throws: ``UniversalAppMergeError`` when it is empty, absolute or has an unclosed `[`.
  init(_ text: String) throws(UniversalAppMergeError) {
    self.text = text
    characters = Array(text)
    func refuse(_ reason: String) -> UniversalAppMergeError {
      .badPattern(text, reason: reason)
    }
    guard !text.isEmpty else { throw refuse("it is empty") }
    guard !text.hasPrefix("/") else {
      throw refuse("paths are relative to the app's folder, as in Contents/Resources/app.asar")
    }
    var index = 0
    while index < characters.count {
      if characters[index] == "\\" {
        index += 2
        continue
      }
      if characters[index] == "[" {
        guard let close = closingBracket(after: index) else {
          throw refuse("the [ at character \(index + 1) is never closed")
        }
        index = close
      }
      index += 1
    }
  }

  var description: String { text }

  /// Whether the pattern matches `path` (relative to the app, `/`-separated) or a folder that
  /// holds it.
  func matches(_ path: String) -> Bool {
    let components = path.split(separator: "/", omittingEmptySubsequences: true)
    for count in stride(from: components.count, through: 1, by: -1) {
      let prefix = Array(components[..<count].joined(separator: "/"))
      if match(0, prefix, 0) { return true }
    }
    return false
  }

  // MARK: - Implementation

  private func match(_ p: Int, _ path: [Character], _ s: Int) -> Bool {
    guard p < characters.count else { return s == path.count }
    switch characters[p] {
    case "*" where p + 1 < characters.count && characters[p + 1] == "*":
      var next = p + 2
      // `**/` also matches no folder at all.
      if next < characters.count, characters[next] == "/" {
        if match(next + 1, path, s) { return true }
        next += 1
      }
      return (s...path.count).contains { match(next, path, $0) }
    case "*":
      var end = s
      while true {
        if match(p + 1, path, end) { return true }
        guard end < path.count, path[end] != "/" else { return false }
        end += 1
      }
    case "?":
      return s < path.count && path[s] != "/" && match(p + 1, path, s + 1)
    case "[":
      guard s < path.count, path[s] != "/", let close = closingBracket(after: p) else {
        return false
      }
      return set(p + 1, close, admits: path[s]) && match(close + 1, path, s + 1)
    case "\\" where p + 1 < characters.count:
      return s < path.count && path[s] == characters[p + 1] && match(p + 2, path, s + 1)
    case let literal:
      return s < path.count && path[s] == literal && match(p + 1, path, s + 1)
    }
  }

  /// The index of the `]` closing the set that opens at `open`.
  private func closingBracket(after open: Int) -> Int? {
    var index = open + 1
    if index < characters.count, ["!", "^"].contains(characters[index]) { index += 1 }
    if index < characters.count, characters[index] == "]" { index += 1 }  // `[]a]`
    while index < characters.count {
      if characters[index] == "]" { return index }
      index += 1
    }
    return nil
  }

  /// Whether the set between `start` and `end` (exclusive) admits `character`.
  private func set(_ start: Int, _ end: Int, admits character: Character) -> Bool {
    var index = start
    let negated = index < end && ["!", "^"].contains(characters[index])
    if negated { index += 1 }
    var found = false
    while index < end, !found {
      if index + 2 < end, characters[index + 1] == "-" {
        found = characters[index] <= character && character <= characters[index + 2]
        index += 3
      } else {
        found = characters[index] == character
        index += 1
      }
    }
    return found != negated
  }
}
