package import Foundation

/// A program run to its end, with what it wrote to standard output and standard error.
///
/// Both pipes are read while the program runs, standard error through a
/// ``BackgroundPipeReader``, so that neither can fill up and block it; standard input is empty.
///
/// ```swift
/// let finished = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["git", "--version"])
/// guard finished.status == 0 else { … }
/// ```
package struct ChildProcess: Sendable {
  /// The exit status.
  package let status: Int32
  /// Everything written to standard output.
  package let standardOutput: Data
  /// Everything written to standard error.
  package let standardError: Data

  /// Runs `executable` with `arguments` and waits for it to exit.
  ///
  /// - Parameters:
  ///   - executable: The program's file.
  ///   - arguments: Its arguments, without the program's name.
  /// - Returns: How it ended and what it wrote.
  /// - Throws: What `Process.run()` throws when the program cannot start.
  package static func run(_ executable: URL, _ arguments: [String]) throws -> ChildProcess {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let errorData = BackgroundPipeReader(reading: errors.fileHandleForReading)
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ChildProcess(
      status: process.terminationStatus, standardOutput: data,
      standardError: errorData.waitForEnd())
  }
}
