/// `shipyard form`: the multipart/form-data commands.
enum FormCommand {
  static let subcommands: [any ShipyardCommand.Type] = [
    FormEncodeCommand.self, FormPostCommand.self,
  ]

  static let help = """
    OVERVIEW: Build and send multipart/form-data bodies.

    USAGE: shipyard form <subcommand> [options]

    SUBCOMMANDS:
    \(subcommands.map { "  \($0.path.split(separator: " ").last ?? "")".padding(16) + $0.summary }.joined(separator: "\n"))

    See 'shipyard form <subcommand> --help' for each subcommand's options.
    """
}

extension String {
  /// The string padded with spaces to `width` characters (or followed by one space if longer).
  func padding(_ width: Int) -> String {
    count < width ? self + String(repeating: " ", count: width - count) : self + " "
  }
}
