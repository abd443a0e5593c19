import Foundation
import ShipyardCLI
import SystemSupport

/// A console that keeps what a command writes.
struct CapturingConsole: Sendable {
  private let outputBytes = Locked<[UInt8]>([])
  private let errorText = Locked("")
  /// The width help is wrapped to.
  let width: Int

  /// A console that wraps help to `width` columns.
  init(width: Int = 80) { self.width = width }

  var output: [UInt8] { outputBytes.withLock { $0 } }
  var outputText: String { String(decoding: output, as: UTF8.self) }
  var errors: String { errorText.withLock { $0 } }

  var console: Console {
    Console(
      writeOutput: { [outputBytes] bytes in outputBytes.withLock { $0 += bytes } },
      writeError: { [errorText] text in errorText.withLock { $0 += text } },
      errorIsTerminal: false,
      environment: [:],
      width: width
    )
  }

  /// Runs `shipyard` with `arguments` in this process.
  func run(_ arguments: [String]) async -> Int32 {
    await Shipyard.main(arguments: arguments, console: console)
  }
}
