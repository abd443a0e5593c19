import Foundation
import ShipyardTestSupport

/// A run of the built `shipyard` that is sent a signal as soon as a marker shows it is under way
/// (a temporary file or folder appeared), never after a guessed delay.
struct SignalledRun {
  /// The exit status (128 + the signal's number when it was interrupted).
  let status: Int32
  /// What it wrote to standard error.
  let errors: String
  /// Whether the marker was seen (and the signal sent) before the run ended by itself.
  let wasSignalled: Bool

  /// Runs `shipyard arguments` with `environment` (`NAME=value` entries), sends `signal` once
  /// `marker` holds, and waits for the run to end.
  ///
  /// The marker is looked at every millisecond while the run goes on; a run that ends before
  /// it holds is not signalled (``wasSignalled`` false).
  static func run(
    _ arguments: [String], environment: [String] = [], signal: Int32, in folder: ScratchFolder,
    when marker: () -> Bool
  ) throws -> SignalledRun {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = environment + [BuiltProducts.shipyard.path] + arguments
    let errorFile = folder.file("shipyard-stderr-\(UUID().uuidString).txt")
    try Data().write(to: errorFile)
    let errorHandle = try FileHandle(forWritingTo: errorFile)
    process.standardError = errorHandle
    process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
    try process.run()
    var signalled = false
    while process.isRunning {
      if marker() {
        signalled = kill(process.processIdentifier, signal) == 0
        break
      }
      usleep(1000)
    }
    process.waitUntilExit()
    try errorHandle.close()
    let errors = String(decoding: try Data(contentsOf: errorFile), as: UTF8.self)
    try? FileManager.default.removeItem(at: errorFile)
    return SignalledRun(status: process.terminationStatus, errors: errors, wasSignalled: signalled)
  }
}
