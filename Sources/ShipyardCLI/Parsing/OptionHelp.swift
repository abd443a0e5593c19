/// An option's line in its command's `--help`: the description, its default, and whether it has
/// an entry of its own or shares the one before it.
///
/// The description keeps its line breaks: each line after the first is indented to the
/// descriptions' column. A default goes in before the description's final period:
/// `"The icons' size, 16 to 512." ` with the default `128` reads
/// `The icons' size, 16 to 512 (default: 128).`
struct OptionHelp: Sendable, ExpressibleByStringLiteral {
  /// How the option appears in the help.
  enum Placement: Sendable {
    /// An entry of its own.
    case entry
    /// Not shown: another entry, or the command's overview, covers it.
    case hidden
    /// Its names listed after the previous entry's, as in `--show-toolbar, --show-sidebar`.
    case listedWithPrevious
    /// Its names and value after the previous entry's, as in `--apple-id <email> --team-id <id>`.
    case withPrevious
    /// The same, in brackets: an option the previous one may take, as in `--key <file> [--key-id <id>]`.
    case optionalWithPrevious
  }

  // MARK: - Properties

  /// The description, with its line breaks.
  var text: String
  /// The default value, shown as `(default: …)`, when the description does not say it.
  var defaultValue: String?
  /// Whether the option has an entry of its own.
  var placement = Placement.entry
  /// Whether the description is one paragraph to wrap, rather than lines to keep.
  var wraps = false

  // MARK: - Lifecycle

  /// An entry with `text` and, if given, its default (see ``HelpDefault`` for values the code
  /// holds).
  init(_ text: String, default defaultValue: HelpDefault? = nil) {
    self.text = text
    self.defaultValue = defaultValue?.text
  }

  /// An entry whose description is `text` wrapped to the help's width (for text made from the
  /// table, such as a list of keys).
  init(wrapping text: String) {
    self.init(text)
    wraps = true
  }

  /// An entry with `text`.
  init(stringLiteral text: String) {
    self.init(text)
  }

  private init(placement: Placement) {
    self.init("")
    self.placement = placement
  }

  // MARK: - API

  /// Not shown.
  static let hidden = OptionHelp(placement: .hidden)
  /// Listed after the previous entry's names.
  static let listedWithPrevious = OptionHelp(placement: .listedWithPrevious)
  /// Shown after the previous entry's synopsis.
  static let withPrevious = OptionHelp(placement: .withPrevious)
  /// Shown in brackets after the previous entry's synopsis.
  static let optionalWithPrevious = OptionHelp(placement: .optionalWithPrevious)

  /// The description's lines, at most `width` columns wide if it wraps, the default put in
  /// before the final period.
  func lines(width: Int) -> [String] {
    var lines =
      wraps
      ? Self.wrap(text, width: width)
      : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if let defaultValue, let last = lines.popLast() {
      let stem = last.hasSuffix(".") ? String(last.dropLast()) : last
      lines.append("\(stem) (default: \(defaultValue))" + (last.hasSuffix(".") ? "." : ""))
    }
    return lines
  }

  /// `text`'s words in lines of at most `width` columns (a longer word has a line of its own);
  /// a no-break space (U+00A0) keeps two words on one line, and is written as a space.
  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    for word in text.split(separator: " ") {
      if let last = lines.last, last.count + 1 + word.count <= width {
        lines[lines.count - 1] = last + " " + word
      } else {
        lines.append(String(word))
      }
    }
    return lines.map { String($0.map { $0 == "\u{A0}" ? " " : $0 }) }
  }
}
