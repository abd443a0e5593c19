/// How a long step shows its progress on standard error.
enum ProgressStyle: Sendable, Equatable {
  /// A bar redrawn in place with bytes, rate and time left: for a terminal.
  case bar
  /// A line every few seconds, or every few percent: for a CI log or a file.
  case lines
  /// Nothing (`--quiet`).
  case silent

  /// The style for `console`: silent when `quiet`, else a bar on a terminal and lines elsewhere.
  static func of(_ console: Console, quiet: Bool) -> ProgressStyle {
    quiet ? .silent : console.errorIsTerminal ? .bar : .lines
  }
}
