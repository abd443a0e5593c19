import Foundation
import SystemSupport
import ToolingSupport

/// What a tool printed and how it ended.
package struct ToolOutput: Sendable {
  /// The exit status.
  package var status: Int32
  /// Standard output.
  package var standardOutput: String
  /// Standard error.
  package var standardError: String

  /// Makes an output.
  package init(status: Int32, standardOutput: String, standardError: String) {
    self.status = status
    self.standardOutput = standardOutput
    self.standardError = standardError
  }
}

/// Runs the signing tools (`codesign`, `xcrun`, `spctl`, `rcodesign`): the pipeline's one way to
/// start a process, injected so that tests run fake tools and record their arguments.
package struct ToolRunner: Sendable {
  /// Runs `executable` (looked up on `PATH`) with `arguments`.
  package var run:
    @Sendable (_ executable: String, _ arguments: [String]) async throws -> ToolOutput
  /// Whether `executable` is on `PATH`.
  package var isAvailable: @Sendable (_ executable: String) -> Bool

  /// Makes a runner from its two operations.
  package init(
    run:
      @escaping @Sendable (_ executable: String, _ arguments: [String]) async throws -> ToolOutput,
    isAvailable: @escaping @Sendable (_ executable: String) -> Bool
  ) {
    self.run = run
    self.isAvailable = isAvailable
  }

  /// Runs real processes, looking executables up on `path` (by default the process's `PATH`).
  package static func live(path: String? = ProcessInfo.processInfo.environment["PATH"])
    -> ToolRunner
  {
    let folders = (path ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
    let locate: @Sendable (String) -> String? = { name in
      if name.contains("/") {
        return FileManager.default.isExecutableFile(atPath: name) ? name : nil
      }
      return folders.map { "\($0)/\(name)" }.first {
        FileManager.default.isExecutableFile(atPath: $0)
      }
    }
    return ToolRunner(
      run: { executable, arguments in
        guard let located = locate(executable) else { throw PipelineError.toolMissing(executable) }
        return try await Task.detached { try Self.runProcess(located, arguments) }.value
      },
      isAvailable: { locate($0) != nil })
  }

  private static func runProcess(_ executable: String, _ arguments: [String]) throws -> ToolOutput {
    let finished = try ChildProcess.run(URL(fileURLWithPath: executable), arguments)
    return ToolOutput(
      status: finished.status,
      standardOutput: String(decoding: finished.standardOutput, as: UTF8.self),
      standardError: String(decoding: finished.standardError, as: UTF8.self))
  }
}
