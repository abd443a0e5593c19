/// The OPTIONS sections of a command's `--help`, made from its table, at a width.
///
/// Each entry is the synopsis (`-o, --output <file>`) from column 2, broken after its commas
/// when wider than the width, then the description from column 26, wrapped in that column
/// (``DefinitionList``), on the same line when the synopsis leaves room for it:
///
/// ```
/// OPTIONS:
///   -o, --output <file>     The image, or a folder for it; missing folders are
///                           made (default: <volume name>.dmg).
///   --window-position <x>,<y>
///                           The window's top-left corner on screen (default:
///                           200,120).
///   -h, --help              Shows this help.
/// ```
extension OptionTable {
  /// One entry: a synopsis, possibly of several options, and its description.
  private struct Entry {
    var synopsis: String
    var description: String
  }

  /// The column descriptions start at.
  static var descriptionColumn: Int { 26 }

  /// The sections at the standard width (``HelpWidth/standard``), as the commands' help texts
  /// interpolate them; ``ShipyardCommand/help(width:)`` renders them again at the console's.
  var help: String { help(width: HelpWidth.standard) }

  /// The sections, each with its heading, wrapped to `width` columns; the first ends with
  /// `-h, --help`.
  func help(width: Int) -> String {
    sections.enumerated().map { index, section in
      var entries = Self.entries(of: section.specs)
      if index == 0 {
        entries.append(Entry(synopsis: "-h, --help", description: "Shows this help."))
      }
      return ([section.title + ":"] + entries.map { Self.render($0, width: width) })
        .joined(separator: "\n")
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
            synopsis: synopsis(of: spec), description: help.description))
      case .listedWithPrevious:
        entries[entries.count - 1].synopsis += ", " + spec.names.joined(separator: ", ")
      case .withPrevious: entries[entries.count - 1].synopsis += " " + synopsis(of: spec)
      case .optionalWithPrevious: entries[entries.count - 1].synopsis += " [\(synopsis(of: spec))]"
      }
    }
    return entries
  }

  private static func render(_ entry: Entry, width: Int) -> String {
    DefinitionList.lines(
      term: wrap(entry.synopsis, width: width).map { "  " + $0 }, description: entry.description,
      column: descriptionColumn, width: width
    ).joined(separator: "\n")
  }

  /// The synopsis in lines of at most `width` columns (with their indent), broken after commas.
  private static func wrap(_ synopsis: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in synopsis.split(separator: " ", omittingEmptySubsequences: false) {
      let candidate = line.isEmpty ? String(word) : line + " " + word
      if 2 + candidate.count > width, !line.isEmpty, line.hasSuffix(",") {
        lines.append(line)
        line = String(word)
      } else {
        line = candidate
      }
    }
    return lines + [line]
  }
}
