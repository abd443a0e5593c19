/// A part of a help text: prose to reflow, or text already made at the width.
enum HelpPiece {
  /// Prose, reflowed at rendering.
  case prose(String)
  /// Text made at the width, kept as it is.
  case rendered(String)

  /// The piece's text at `width`.
  func text(width: Int) -> String {
    switch self {
    case .prose(let source): HelpProse.reflow(source, width: width)
    case .rendered(let text): text
    }
  }

  /// `pieces` with the first occurrence of `source` in their prose made a rendered piece of
  /// `rendered`; unchanged when no prose holds it.
  static func replacing(_ source: String, with rendered: String, in pieces: [HelpPiece])
    -> [HelpPiece]
  {
    for (index, piece) in pieces.enumerated() {
      guard case .prose(let text) = piece, let range = text.firstRange(of: source) else { continue }
      var result = Array(pieces[..<index])
      result += [.prose(String(text[..<range.lowerBound])), .rendered(rendered)]
      result += [.prose(String(text[range.upperBound...]))] + pieces[(index + 1)...]
      return result
    }
    return pieces
  }
}
