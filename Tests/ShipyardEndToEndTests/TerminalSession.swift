import Foundation
import ShipyardTestSupport

/// A command run in a pseudo-terminal that `script` opens (util-linux), and what the terminal
/// received: carriage returns, erase codes and all.
enum TerminalSession {
  /// Whether `script` is here.
  static let isAvailable = ProcessRunner.succeeds("script", ["--version"])

  /// Runs `command` in a pseudo-terminal, its typescript kept at `typescript`.
  ///
  /// - Returns: `script`'s run (its status is the command's, through `-e`) and the screen.
  /// - Throws: When `script` cannot start or the typescript cannot be read.
  static func run(_ command: [String], typescript: String) throws -> (
    run: ProcessRunner.Output, screen: String
  ) {
    let run = try ProcessRunner.run(
      "script", ["-q", "-e", "-c", command.map(shellWord).joined(separator: " "), typescript])
    return (run, try String(contentsOfFile: typescript, encoding: .utf8))
  }

  /// `word` quoted for `sh -c`.
  static func shellWord(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
