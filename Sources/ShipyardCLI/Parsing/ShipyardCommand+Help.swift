/// A command's `--help` at a width: its ``ShipyardCommand/help`` text is the source, in which
/// the table's USAGE lines and OPTIONS sections (interpolated at the standard width) are made
/// again at the width, and the prose between them is reflowed (``HelpProse``).
extension ShipyardCommand {
  /// The help wrapped to `width` columns.
  ///
  /// - Parameter width: The widest a line gets, unless a word, a synopsis or an example is wider.
  /// - Returns: The help text.
  static func help(width: Int) -> String {
    var pieces = [HelpPiece.prose(help)]
    pieces = HelpPiece.replacing(table.usage, with: table.usage(width: width), in: pieces)
    pieces = HelpPiece.replacing(table.help, with: table.help(width: width), in: pieces)
    return pieces.map { $0.text(width: width) }.joined()
  }
}
