/// A command of the `shipyard` tool: parsed and validated from its arguments and the environment,
/// then run.
protocol ShipyardCommand: Sendable {
  /// What the command's flags read into.
  associatedtype Arguments
  /// The command's options, from which its help's USAGE line and OPTIONS sections come.
  static var table: OptionTable<Arguments> { get }
  /// The words that select the command, such as `form encode`.
  static var path: String { get }
  /// A one-line summary for the parent command's help.
  static var summary: String { get }
  /// The full `--help` text.
  static var help: String { get }

  /// Parses and validates the arguments that follow the command's path, with the process's
  /// environment (read once, by ``Shipyard``): every usage error is found here, before any work
  /// starts.
  init(arguments: [String], environment: [String: String]) throws(CommandError)

  /// Runs the command.
  func run(console: Console) async throws(CommandError)
}
