package import Foundation

/// The time source of the pipeline's waits, injected so that tests do not wait.
package struct PipelineClock: Sendable {
  /// Seconds since some fixed moment.
  package var now: @Sendable () -> TimeInterval
  /// Waits `seconds`.
  package var sleep: @Sendable (_ seconds: TimeInterval) async throws -> Void

  /// Makes a clock from its two operations.
  package init(
    now: @escaping @Sendable () -> TimeInterval,
    sleep: @escaping @Sendable (_ seconds: TimeInterval) async throws -> Void
  ) {
    self.now = now
    self.sleep = sleep
  }

  /// The real clock.
  package static let live = PipelineClock(
    now: { Date().timeIntervalSince1970 },
    sleep: { seconds in try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1e9)) })
}
