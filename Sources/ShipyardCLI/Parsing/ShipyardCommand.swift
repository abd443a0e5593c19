/// A command of the `shipyard` tool: parsed and validated from its arguments, then run.
protocol ShipyardCommand: Sendable {
  /// The words that select the command, such as `form encode`.
  static var path: String { get }
  /// A one-line summary for the parent command's help.
  static var summary: String { get }
  /// The full `--help` text.
  static var help: String { get }

  /// Parses and validates the arguments that follow the command's path.
  init(arguments: [String]) throws(CommandError)

  /// Runs the command.
  func run(console: Console) async throws(CommandError)
}
