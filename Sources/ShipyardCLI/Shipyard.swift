import Foundation
import SystemSupport
import ToolingSupport

/// The `shipyard` command line: finds the command named by the arguments and runs it.
///
/// Exit codes: 0 on success, 1 when a command fails, 64 for a usage error.
public enum Shipyard {
  /// The tool's version.
  public static let version = "0.1.0"

  /// The column the commands' summaries start at in the root help.
  static var summaryColumn: Int { 18 }

  /// The root help, wrapped to `width` columns.
  static func help(width: Int) -> String {
    func list(_ entries: [(term: String, description: String)], column: Int) -> String {
      entries.flatMap {
        DefinitionList.lines(
          term: ["  " + $0.term], description: $0.description, column: column, width: width)
      }.joined(separator: "\n")
    }
    let commands = CommandGroup.all.flatMap(\.subcommands).map { ($0.path, $0.summary) }
    let options = [
      (
        "-h, --help",
        "Shows this help; `help <command> [<subcommand>]` or `<command> <subcommand> --help` "
          + "shows a command's."
      ),
      ("-V, --version", "Shows the version (also `version`)."),
    ]
    return [
      HelpProse.reflow(
        "OVERVIEW: Shipyard builds and ships apps for Apple platforms.\n\n"
          + "USAGE: shipyard <command> <subcommand> [options]", width: width),
      "COMMANDS:\n" + list(commands, column: summaryColumn),
      "OPTIONS:\n" + list(options, column: summaryColumn),
    ].joined(separator: "\n\n")
  }

  /// Runs the command line and exits the process with its exit code.
  ///
  /// SIGINT and SIGTERM end the run with status 128 + the signal's number, after removing every
  /// temporary file and folder it made (``InterruptionHandlers``) and saying so on standard error;
  /// the outputs keep what they held before.
  ///
  /// - Parameter arguments: The arguments after the program name.
  public static func run(arguments: [String]) async -> Never {
    InterruptionHandlers.install { number in
      let name = number == SIGINT ? "SIGINT" : number == SIGTERM ? "SIGTERM" : "signal \(number)"
      let message = Array(
        "\nshipyard: interrupted (\(name)); its temporary files were removed\n".utf8)
      message.withUnsafeBytes { try? FileDescriptor.standardError.writeAll($0) }
    }
    let console = Console.standard(environment: ProcessInfo.processInfo.environment)
    exit(await main(arguments: arguments, console: console))
  }

  /// Runs the command line with the given console and returns the exit code.
  ///
  /// - Parameters:
  ///   - arguments: The arguments after the program name.
  ///   - console: Where output and messages go.
  /// - Returns: The process exit code.
  public static func main(arguments: [String], console: Console) async -> Int32 {
    do {
      try await dispatch(arguments, console: console)
      return 0
    } catch {
      console.printError("shipyard: \(error)")
      return error.exitCode
    }
  }

  private static func dispatch(_ arguments: [String], console: Console) async throws(CommandError) {
    guard let first = arguments.first else {
      console.printError(help(width: console.width))
      throw .usage("no command given", command: "")
    }
    if ["-h", "--help"].contains(first) {
      return try console.printHelp(help(width: console.width))
    }
    if first == "help" {
      return try console.printHelp(
        try helpText(for: Array(arguments.dropFirst()), width: console.width))
    }
    if ["-V", "--version", "version"].contains(first) { return try console.printHelp(version) }
    let group = try group(named: first)
    let rest = Array(arguments.dropFirst())
    guard let name = rest.first, !["-h", "--help", "help"].contains(name) else {
      return try console.printHelp(group.help(width: console.width))
    }
    let command = try group.subcommand(named: name)
    let commandArguments = Array(rest.dropFirst())
    if commandArguments.contains(where: { ["-h", "--help"].contains($0) }) {
      return try console.printHelp(command.help(width: console.width))
    }
    try await command.init(arguments: commandArguments, environment: console.environment)
      .run(console: console)
  }

  /// The help of `help <command> [<subcommand>]`, wrapped to `width` columns.
  private static func helpText(for words: [String], width: Int) throws(CommandError) -> String {
    guard let name = words.first else { return help(width: width) }
    let group = try group(named: name)
    guard words.count > 1 else { return group.help(width: width) }
    guard words.count == 2 else {
      throw .usage("help takes a command and a subcommand, such as 'help dmg build'", command: "")
    }
    return try group.subcommand(named: words[1]).help(width: width)
  }

  /// The command group `name`, or a usage error suggesting the closest.
  private static func group(named name: String) throws(CommandError) -> CommandGroup {
    guard let group = CommandGroup.all.first(where: { $0.name == name }) else {
      throw .usage(
        "unknown command \(name.debugDescription)"
          + Suggestion.hint(for: name, among: CommandGroup.all.map(\.name)), command: "")
    }
    return group
  }
}

extension Console {
  /// Prints help text on standard output.
  func printHelp(_ text: String) throws(CommandError) {
    do {
      try print(text)
    } catch {
      throw .failure("cannot write to standard output: \(error)")
    }
  }
}
