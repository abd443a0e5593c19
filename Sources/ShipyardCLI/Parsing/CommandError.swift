/// Why a command stopped, and so which exit code it ends with.
public enum CommandError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The command line was wrong: unknown option, missing value, bad syntax (exit 64).
  case usage(String, command: String)
  /// The command ran and failed: unreadable input, network error, HTTP error (exit 1).
  case failure(String)
  /// A wait ran out, and the same command can be run again to go on (exit 75).
  case timeout(String)
  /// The server answered, but not with success (exit 22, as `curl --fail`).
  case httpError(String)

  /// `EX_USAGE` from `sysexits.h`, which swift-argument-parser also uses for validation errors.
  public static let usageExitCode: Int32 = 64

  /// The exit code for this error.
  public var exitCode: Int32 {
    switch self {
    case .usage: Self.usageExitCode
    case .failure: 1
    case .timeout: 75  // EX_TEMPFAIL: try again later
    case .httpError: 22  // curl --fail's
    }
  }

  /// The message shown on standard error.
  public var description: String {
    switch self {
    case .usage(let message, let command):
      "error: \(message)\nSee 'shipyard \(command.isEmpty ? "" : command + " ")--help'."
    case .failure(let message), .timeout(let message), .httpError(let message):
      "error: \(message)"
    }
  }
}
