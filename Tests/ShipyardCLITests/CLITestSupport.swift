import Foundation
import ShipyardCLI

/// A console that keeps what a command writes.
final class CapturingConsole: @unchecked Sendable {
  private let lock = NSLock()
  private var outputBytes: [UInt8] = []
  private var errorText = ""

  var output: [UInt8] { lock.withLock { outputBytes } }
  var outputText: String { String(decoding: output, as: UTF8.self) }
  var errors: String { lock.withLock { errorText } }

  var console: Console {
    Console(
      writeOutput: { [self] bytes in lock.withLock { outputBytes += bytes } },
      writeError: { [self] text in lock.withLock { errorText += text } },
      errorIsTerminal: false,
      environment: [:]
    )
  }

  /// Runs `shipyard` with `arguments` in this process.
  func run(_ arguments: [String]) async -> Int32 {
    await Shipyard.main(arguments: arguments, console: console)
  }
}
