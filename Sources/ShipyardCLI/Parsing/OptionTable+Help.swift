/// The OPTIONS sections of a command's `--help`, made from its table.
///
/// Each entry is the synopsis (`-o, --output <file>`) from column 2, then the description from
/// column 26, on the same line when the synopsis leaves room for it:
///
/// ```
/// OPTIONS:
///   -o, --output <file>     The image to write (default: <volume name>.dmg).
///   --window-position <x>,<y>
///                           The window's top-left corner on screen (default: 200,120).
///   -h, --help              Shows this help.
/// ```
extension OptionTable {
  /// One entry: a synopsis, possibly of several options, and its description.
  private struct Entry {
    var synopsis: String
    var lines: [String]
  }

  /// The column descriptions start at.
  static var descriptionColumn: Int { 26 }
  /// The widest a synopsis line gets before it wraps.
  static var synopsisWidth: Int { 100 }

  /// The sections, each with its heading; the first ends with `-h, --help`.
  var help: String {
    sections.enumerated().map { index, section in
      var entries = Self.entries(of: section.specs)
      if index == 0 { entries.append(Entry(synopsis: "-h, --help", lines: ["Shows this help."])) }
      return ([section.title + ":"] + entries.map(Self.render)).joined(separator: "\n")
    }.joined(separator: "\n\n")
  }

  /// `names <placeholder>`, as in `-o, --output <file>`.
  static func synopsis(of spec: OptionSpec<Options>) -> String {
    spec.names.joined(separator: ", ") + (spec.placeholder.map { " " + $0 } ?? "")
  }

  private static func entries(of specs: [OptionSpec<Options>]) -> [Entry] {
    var entries: [Entry] = []
    for spec in specs {
      let help = spec.help
      switch help.placement {
      case .hidden: continue
      case .entry:
        entries.append(
          Entry(
            synopsis: synopsis(of: spec),
            lines: help.lines(width: synopsisWidth - descriptionColumn)))
      case .listedWithPrevious:
        entries[entries.count - 1].synopsis += ", " + spec.names.joined(separator: ", ")
      case .withPrevious: entries[entries.count - 1].synopsis += " " + synopsis(of: spec)
      case .optionalWithPrevious: entries[entries.count - 1].synopsis += " [\(synopsis(of: spec))]"
      }
    }
    return entries
  }

  private static func render(_ entry: Entry) -> String {
    let indent = String(repeating: " ", count: descriptionColumn)
    var lines = wrap(entry.synopsis).map { "  " + $0 }
    var text = entry.lines.makeIterator()
    if let last = lines.last, last.count < descriptionColumn, let first = text.next() {
      lines[lines.count - 1] =
        last + String(repeating: " ", count: descriptionColumn - last.count)
        + first
    } else if let first = text.next() {
      lines.append(indent + first)
    }
    lines += text.map { $0.isEmpty ? "" : indent + $0 }
    return lines.joined(separator: "\n")
  }

  /// The synopsis in lines of at most ``synopsisWidth`` columns (with their indent), broken
  /// after commas.
  private static func wrap(_ synopsis: String) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in synopsis.split(separator: " ", omittingEmptySubsequences: false) {
      let candidate = line.isEmpty ? String(word) : line + " " + word
      if 2 + candidate.count > synopsisWidth, !line.isEmpty, line.hasSuffix(",") {
        lines.append(line)
        line = String(word)
      } else {
        line = candidate
      }
    }
    return lines + [line]
  }
}
