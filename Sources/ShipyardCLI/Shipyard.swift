import Foundation
import SystemSupport
import ToolingSupport

/// The `shipyard` command line: finds the command named by the arguments and runs it.
///
/// Exit codes: 0 on success, 1 when a command fails, 64 for a usage error.
public enum Shipyard {
  /// The tool's version.
  public static let version = "0.1.0"

  static let help = """
    OVERVIEW: Shipyard builds and ships apps for Apple platforms.

    USAGE: shipyard <command> <subcommand> [options]

    COMMANDS:
    \(CommandGroup.all.flatMap(\.subcommands).map { "  \($0.path)".padding(18) + $0.summary }.joined(separator: "\n"))

    OPTIONS:
      -h, --help      Shows this help; '<command> --help' shows a command's.
      --version       Shows the version.
    """

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
      console.printError(help)
      throw .usage("no command given", command: "")
    }
    if ["-h", "--help", "help"].contains(first) { return try console.printHelp(help) }
    if first == "--version" { return try console.printHelp(version) }
    guard let group = CommandGroup.all.first(where: { $0.name == first }) else {
      throw .usage("unknown command \(first.debugDescription)", command: "")
    }
    let rest = Array(arguments.dropFirst())
    guard let name = rest.first, !["-h", "--help", "help"].contains(name) else {
      return try console.printHelp(group.help)
    }
    guard let command = group.subcommands.first(where: { $0.path == "\(group.name) \(name)" })
    else {
      throw .usage(
        "unknown subcommand \(name.debugDescription) of \(group.name)", command: group.name)
    }
    let commandArguments = Array(rest.dropFirst())
    if commandArguments.contains(where: { ["-h", "--help"].contains($0) }) {
      return try console.printHelp(command.help)
    }
    try await command.init(arguments: commandArguments, environment: console.environment)
      .run(console: console)
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
