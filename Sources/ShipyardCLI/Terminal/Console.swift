import SystemSupport
import ToolingSupport

/// Where a command writes: data on standard output, messages on standard error.
///
/// Tests pass closures that collect the text; the real console writes to the file descriptors.
public struct Console: Sendable {
  /// Writes bytes to standard output; large bodies pass through here chunk by chunk.
  public var writeOutput: @Sendable (UnsafeRawBufferPointer) throws -> Void
  /// Writes text to standard error.
  public var writeError: @Sendable (String) -> Void
  /// Whether standard error is a terminal (progress bars are drawn only there).
  public var errorIsTerminal: Bool
  /// The environment, for `NO_COLOR` and similar settings.
  public var environment: [String: String]
  /// The width help text is wrapped to, in columns (see ``HelpWidth``).
  public var width: Int

  /// Makes a console from its parts.
  ///
  /// - Parameters:
  ///   - writeOutput: Writes to standard output.
  ///   - writeError: Writes to standard error.
  ///   - errorIsTerminal: Whether standard error is a terminal.
  ///   - environment: The process environment.
  ///   - width: The width help text is wrapped to (80 columns unless given).
  public init(
    writeOutput: @escaping @Sendable (UnsafeRawBufferPointer) throws -> Void,
    writeError: @escaping @Sendable (String) -> Void,
    errorIsTerminal: Bool,
    environment: [String: String],
    width: Int = 80
  ) {
    self.writeOutput = writeOutput
    self.writeError = writeError
    self.errorIsTerminal = errorIsTerminal
    self.environment = environment
    self.width = width
  }

  /// The process's real standard output and standard error; help is wrapped to `COLUMNS`, else
  /// to the terminal standard output is, else to 80 columns (``HelpWidth``).
  public static func standard(environment: [String: String]) -> Console {
    Console(
      writeOutput: { bytes in try FileDescriptor.standardOutput.writeAll(bytes) },
      writeError: { text in
        Array(text.utf8).withUnsafeBytes {
          try? FileDescriptor(rawValue: 2, path: "standard error").writeAll($0)
        }
      },
      errorIsTerminal: isatty(2) == 1,
      environment: environment,
      width: HelpWidth.resolve(
        environment: environment, terminalColumns: TerminalSize.columns(of: 1))
    )
  }

  /// Writes a line of text to standard output.
  func print(_ line: String) throws {
    try Array((line + "\n").utf8).withUnsafeBytes { try writeOutput($0) }
  }

  /// Writes a line of text to standard error.
  func printError(_ line: String) {
    writeError(line + "\n")
  }
}
