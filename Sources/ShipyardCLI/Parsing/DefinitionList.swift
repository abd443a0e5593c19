/// One entry of a help's list of terms and descriptions (OPTIONS, COMMANDS, SUBCOMMANDS): the
/// term from column 2, then the description from a column of the list's, wrapped in it.
///
/// The description starts on the term's last line when that line leaves it room, else on a line
/// of its own; each line after its first starts at the description's column, and a blank line of
/// the description separates its paragraphs:
///
/// ```
///   -o, --output <file>     The image, or a folder for it; missing folders are
///                           made (default: <volume name>.dmg).
///   --window-position <x>,<y>
///                           The window's top-left corner on screen.
/// ```
enum DefinitionList {
  /// The narrowest a description gets, whatever the width: below it, words stand alone.
  static var minimumDescriptionWidth: Int { 12 }

  /// The lines of one entry.
  ///
  /// - Parameters:
  ///   - term: The term's lines, each with its indent (`  --output <file>`).
  ///   - description: The description: paragraphs of prose, separated by blank lines.
  ///   - column: The column descriptions start at.
  ///   - width: The widest a line gets, unless a word or a term is wider.
  /// - Returns: The entry's lines.
  static func lines(term: [String], description: String, column: Int, width: Int) -> [String] {
    let descriptionWidth = max(width - column, minimumDescriptionWidth)
    let margin = String(repeating: " ", count: column)
    var text: [String] = []
    for paragraph in description.split(separator: "\n\n", omittingEmptySubsequences: false) {
      if !text.isEmpty { text.append("") }
      text += WordWrap.lines(String(paragraph), width: descriptionWidth)
    }
    var lines = term
    var rest = text[...]
    if let last = lines.last, last.count < column, let first = rest.first {
      lines[lines.count - 1] = last + String(repeating: " ", count: column - last.count) + first
      rest = rest.dropFirst()
    }
    return lines + rest.map { $0.isEmpty ? "" : margin + $0 }
  }
}
