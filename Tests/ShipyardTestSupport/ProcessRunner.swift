public import Foundation
import SystemSupport
import ToolingSupport

/// Runs other programs (peers, the built `shipyard`) and collects what they print.
public enum ProcessRunner {
  /// What a finished program printed, and how it ended.
  public struct Output: Sendable {
    /// The exit status.
    public let status: Int32
    /// Everything written to standard output.
    public let standardOutput: Data
    /// Everything written to standard error, as text.
    public let standardError: String
  }

  /// Runs `executable` (a path, or a name looked up on `PATH`) and waits for it.
  public static func run(_ executable: String, _ arguments: [String]) throws -> Output {
    let finished = try ChildProcess.run(
      URL(fileURLWithPath: "/usr/bin/env"), [executable] + arguments)
    return Output(
      status: finished.status, standardOutput: finished.standardOutput,
      standardError: String(decoding: finished.standardError, as: UTF8.self))
  }

  /// Runs `executable` and returns its standard output, throwing if it fails.
  @discardableResult
  public static func check(_ executable: String, _ arguments: [String]) throws -> Data {
    let output = try run(executable, arguments)
    guard output.status == 0 else {
      throw ProcessFailure(
        command: ([executable] + arguments).joined(separator: " "),
        status: output.status,
        errorOutput: output.standardError
      )
    }
    return output.standardOutput
  }

  /// Whether `executable` runs and exits 0 with `arguments`.
  public static func succeeds(_ executable: String, _ arguments: [String]) -> Bool {
    (try? run(executable, arguments).status) == 0
  }
}

/// A program that exited with an error.
public struct ProcessFailure: Error, CustomStringConvertible {
  /// The command line.
  public let command: String
  /// Its exit status.
  public let status: Int32
  /// What it wrote to standard error.
  public let errorOutput: String

  /// Describes a failed program.
  public init(command: String, status: Int32, errorOutput: String) {
    self.command = command
    self.status = status
    self.errorOutput = errorOutput
  }

  /// A sentence for test failures.
  public var description: String { "\(command) exited with \(status): \(errorOutput)" }
}
