package import Foundation
import SystemSupport

/// Reads a pipe to its end on a thread of its own, so that a child's two output pipes cannot
/// block each other.
///
/// A parent that reads standard output to its end before touching standard error hangs once the
/// child fills the error pipe's buffer: the child waits for the parent to read, the parent for
/// the child to close standard output. Read one of the two through this reader:
///
/// ```swift
/// let errors = BackgroundPipeReader(reading: errorPipe.fileHandleForReading)
/// let output = outputPipe.fileHandleForReading.readDataToEndOfFile()
/// process.waitUntilExit()
/// let errorOutput = errors.waitForEnd()
/// ```
package final class BackgroundPipeReader: Sendable {
  // MARK: - Properties

  private let finished = DispatchSemaphore(value: 0)
  private let data = Locked(Data())

  // MARK: - Lifecycle

  /// Starts reading `handle` to its end on a new thread.
  ///
  /// - Parameter handle: The read end of a pipe (or any file handle that reaches an end).
  package init(reading handle: FileHandle) {
    Thread { [self] in
      let bytes = handle.readDataToEndOfFile()
      data.withLock { $0 = bytes }
      finished.signal()
    }.start()
  }

  // MARK: - API

  /// Waits until the handle reached its end, and returns everything read from it.
  ///
  /// - Returns: The bytes read.
  package func waitForEnd() -> Data {
    finished.wait()
    finished.signal()
    return data.withLock { $0 }
  }
}
