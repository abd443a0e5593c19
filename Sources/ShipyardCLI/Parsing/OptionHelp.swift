/// An option's line in its command's `--help`: the description, its default, and whether it has
/// an entry of its own or shares the one before it.
///
/// The description is prose, wrapped to the help's width in the descriptions' column (a blank
/// line separates paragraphs). A default goes in before the description's final period:
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

  /// The description, whose line breaks the help does not keep (see ``description``).
  var text: String
  /// The default value, shown as `(default: …)`, when the description does not say it.
  var defaultValue: String?
  /// Whether the option has an entry of its own.
  var placement = Placement.entry

  // MARK: - Lifecycle

  /// An entry with `text` and, if given, its default (see ``HelpDefault`` for values the code
  /// holds).
  init(_ text: String, default defaultValue: HelpDefault? = nil) {
    self.text = text
    self.defaultValue = defaultValue?.text
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

  /// The description as prose, the default put in before its final period; the help wraps it
  /// in the descriptions' column (``DefinitionList``), so its line breaks are the source's only.
  var description: String {
    var text = String(self.text.reversed().drop(while: { $0 == "\n" || $0 == " " }).reversed())
    guard let defaultValue else { return text }
    let period = text.hasSuffix(".")
    if period { text.removeLast() }
    return "\(text) (default: \(defaultValue))" + (period ? "." : "")
  }
}
