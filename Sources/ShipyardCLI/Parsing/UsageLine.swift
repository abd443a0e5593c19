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

  /// The text before the synopsis, such as `USAGE: shipyard dmg sign`.
  let prefix: String
  /// The synopsis, in order.
  let elements: [Element]

  // MARK: - API

  /// The line's text, its lines at most `width` columns wide unless a piece is wider.
  ///
  /// An element goes whole at the end of the line when it fits there, else whole on the next
  /// line; one too wide for a line of its own goes piece by piece, each where it fits.
  func text(width: Int) -> String {
    let margin = String(repeating: " ", count: prefix.count + 1)
    var lines = [prefix]
    func appendToLastLine(_ text: String) -> Bool {
      let line = lines[lines.count - 1] + " " + text
      guard line.count <= width else { return false }
      lines[lines.count - 1] = line
      return true
    }
    for element in elements {
      if appendToLastLine(element.text) { continue }
      if margin.count + element.text.count <= width {
        lines.append(margin + element.text)
        continue
      }
      for piece in element.pieces {
        if !appendToLastLine(piece) { lines.append(margin + piece) }
      }
    }
    return lines.joined(separator: "\n")
  }
}
