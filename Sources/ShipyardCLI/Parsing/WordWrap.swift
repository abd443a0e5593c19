/// Prose broken into lines of at most a given width, at spaces, for help text.
///
/// The rules:
/// - Words go on a line while it stays within the width; a word wider than the width has a line
///   of its own (a path or a URL is never broken).
/// - A code span in backticks, such as `` `codesign --verify --strict` ``, is a command: it stays
///   on one line whenever it fits in the width, and breaks at its spaces only when it does not.
/// - A no-break space (U+00A0) keeps two words on one line, and is written as a space.
enum WordWrap {
  /// `text`'s words in lines of at most `width` columns; the first line `firstWidth` columns when
  /// given (for a paragraph after a label such as `OVERVIEW: `).
  ///
  /// - Parameters:
  ///   - text: The prose; runs of spaces and line breaks are one space.
  ///   - width: The widest a line gets, unless a word is wider.
  ///   - firstWidth: The first line's width, when it differs.
  /// - Returns: The lines, without trailing spaces.
  static func lines(_ text: String, width: Int, firstWidth: Int? = nil) -> [String] {
    var lines: [String] = []
    var line = ""
    func limit() -> Int { lines.isEmpty ? firstWidth ?? width : width }
    func place(_ word: String) {
      if line.isEmpty {
        line = word
      } else if line.count + 1 + word.count <= limit() {
        line += " " + word
      } else {
        lines.append(line)
        line = word
      }
    }
    for unit in units(of: text) {
      let whole = unit.joined(separator: " ")
      // A code span that fits on a line of its own is never broken.
      if unit.count > 1, whole.count <= width, !(line.isEmpty && whole.count > limit()) {
        place(whole)
      } else {
        unit.forEach(place)
      }
    }
    if !line.isEmpty { lines.append(line) }
    return lines.map { String($0.map { $0 == "\u{A0}" ? " " : $0 }) }
  }

  /// The words of `text`, those of a backtick code span grouped as one unit.
  private static func units(of text: String) -> [[String]] {
    var units: [[String]] = []
    var span: [String]?
    for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init) {
      if var open = span {
        open.append(word)
        span = open
        if word.contains("`") {
          units.append(open)
          span = nil
        }
      } else if word.filter({ $0 == "`" }).count == 1 {
        span = [word]
      } else {
        units.append([word])
      }
    }
    if let span { units.append(span) }
    return units
  }
}
