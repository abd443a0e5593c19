/// A USAGE line of a command's help, wrapped under its first element.
///
/// A prefix, such as `USAGE: shipyard dmg sign`, then the synopsis's elements; each line after
/// the first starts under the first element:
///
/// ```
/// USAGE: shipyard dmg notarize <image.dmg> (--keychain-profile <name>
///                              | --apple-id <email> --team-id <id> --password-env <VAR>
///                              | --key <file> [--key-id <id>] [--issuer <uuid>])
///                              [--timeout <duration>] [--ticket-timeout <duration>]
/// ```
struct UsageLine {
  /// One element of the synopsis, such as `<image.dmg>`, `[--json]` or a choice.
  struct Element {
    /// The element's text in the pieces it may break into when it does not fit on a line of its
    /// own: a choice's alternatives; any other element is one piece.
    let pieces: [String]

    /// The element on one line.
    var text: String { pieces.joined(separator: " ") }
  }

  // MARK: - Properties

  /// Where lines after the first start when the prefix is too wide to start under: under the
  /// word after `USAGE: `.
  static var narrowMargin: Int { 7 }

  /// The text before the synopsis, such as `USAGE: shipyard dmg sign`.
  let prefix: String
  /// The synopsis, in order.
  let elements: [Element]

  // MARK: - API

  /// The line's text, its lines at most `width` columns wide unless an option with its value is
  /// wider.
  ///
  /// An element goes whole at the end of the line when it fits there, else whole on the next
  /// line; one too wide for a line of its own goes piece by piece, each where it fits, and a
  /// piece too wide for a line goes option by option (``units(of:)``). Lines after the first
  /// start under the first element, or at ``narrowMargin`` (under `shipyard`) when the prefix
  /// takes more than half the width or leaves too little room for the widest piece.
  func text(width: Int) -> String {
    let widest = elements.flatMap(\.pieces).map(\.count).max() ?? 0
    let underPrefix = prefix.count + 1
    let column =
      underPrefix <= width / 2 && underPrefix + widest <= width ? underPrefix : Self.narrowMargin
    let margin = String(repeating: " ", count: column)
    var lines = [prefix]
    func appendToLastLine(_ text: String) -> Bool {
      let line = lines[lines.count - 1] + " " + text
      guard line.count <= width else { return false }
      lines[lines.count - 1] = line
      return true
    }
    func place(_ text: String) {
      if !appendToLastLine(text) { lines.append(margin + text) }
    }
    for element in elements {
      if appendToLastLine(element.text) { continue }
      if margin.count + element.text.count <= width {
        lines.append(margin + element.text)
        continue
      }
      for piece in element.pieces {
        if appendToLastLine(piece) { continue }
        if margin.count + piece.count <= width {
          lines.append(margin + piece)
        } else {
          Self.units(of: piece).forEach(place)
        }
      }
    }
    return lines.joined(separator: "\n")
  }

  /// A piece's options, each with its value: `| --key <file> [--key-id <id>]` is `| --key
  /// <file>` and `[--key-id <id>]`.
  static func units(of piece: String) -> [String] {
    var units: [String] = []
    for word in piece.split(separator: " ").map(String.init) {
      if let last = units.last, last == "|" || last == "(" || word.first == "<" {
        units[units.count - 1] = last + " " + word
      } else {
        units.append(word)
      }
    }
    return units
  }
}
