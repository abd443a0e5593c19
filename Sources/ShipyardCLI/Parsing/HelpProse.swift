/// The prose of a help text, reflowed to a width: the source's paragraphs, not its line breaks.
///
/// A paragraph is a run of lines that are neither blank nor indented: its lines are joined and
/// wrapped again (``WordWrap``). A paragraph that starts with a label in capitals, such as
/// `OVERVIEW: `, continues under the text after the label. Blank lines stay, and so do indented
/// lines (examples, lists) exactly as written: an example command line is never broken by the
/// renderer; a long one is written with ` \` continuations in the source.
///
/// ```
/// OVERVIEW: Build a disk image from an .app (or a folder), with an
///           Applications link.
/// ```
enum HelpProse {
  /// `source` with each paragraph wrapped to `width` columns.
  ///
  /// - Parameters:
  ///   - source: Help text whose paragraphs may have line breaks anywhere.
  ///   - width: The widest a line of a paragraph gets, unless a word is wider.
  /// - Returns: The text, with the same blank and indented lines.
  static func reflow(_ source: String, width: Int) -> String {
    var output: [String] = []
    var paragraph: [Substring] = []
    func flush() {
      guard !paragraph.isEmpty else { return }
      output += wrap(paragraph.joined(separator: " "), width: width)
      paragraph = []
    }
    for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.isEmpty || line.first == " " {
        flush()
        output.append(String(line))
      } else {
        paragraph.append(line)
      }
    }
    flush()
    return output.joined(separator: "\n")
  }

  /// One paragraph's lines, continuing under the text after its label when it has one.
  static func wrap(_ paragraph: String, width: Int) -> [String] {
    let label = labelLength(of: paragraph)
    guard label > 0, label <= width / 2 else { return WordWrap.lines(paragraph, width: width) }
    let margin = String(repeating: " ", count: label)
    let text = String(paragraph.dropFirst(label))
    let lines = WordWrap.lines(text, width: width - label)
    return lines.enumerated().map {
      ($0.offset == 0 ? String(paragraph.prefix(label)) : margin) + $0.element
    }
  }

  /// The length of a leading label such as `OVERVIEW: ` (capitals and spaces, then `: `), or 0.
  private static func labelLength(of paragraph: String) -> Int {
    guard let colon = paragraph.firstIndex(of: ":"),
      paragraph[paragraph.index(after: colon)...].first == " "
    else { return 0 }
    let name = paragraph[..<colon]
    guard !name.isEmpty, name.allSatisfy({ $0.isUppercase || $0 == " " }) else { return 0 }
    return name.count + 2
  }
}
