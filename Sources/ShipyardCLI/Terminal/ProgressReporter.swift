import Foundation
import SystemSupport

/// The progress of one long step on standard error, as a ``ProgressMeter`` words it.
///
/// Updates arrive from any thread; the clock is injected so that tests can drive it.
final class ProgressReporter: Sendable {
  private let console: Console
  private let clock: @Sendable () -> Double
  private let meter: Locked<ProgressMeter>

  /// A reporter for a step called `label` that counts in `unit`, timed by `clock` (seconds,
  /// monotonic) from now, or from its first update when `startsNow` is false.
  init(
    _ label: String, style: ProgressStyle, unit: ProgressUnit = .bytes, console: Console,
    startsNow: Bool = true, clock: @escaping @Sendable () -> Double = ProgressReporter.uptime
  ) {
    self.console = console
    self.clock = clock
    meter = Locked(
      ProgressMeter(label: label, style: style, unit: unit, start: startsNow ? clock() : nil))
  }

  /// Records that `done` of `total` (bytes, or the unit's things) are done.
  func update(done: Int64, total: Int64) {
    let now = clock()
    if let text = meter.withLock({ $0.advance(done: done, total: total, at: now) }) {
      console.writeError(text)
    }
  }

  /// Ends the progress with the step complete.
  func finish() {
    let now = clock()
    if let text = meter.withLock({ $0.finish(at: now) }) { console.writeError(text) }
  }

  /// Prints `line` on standard error while the step runs, on a line of its own: the bar's line
  /// is ended first, and drawn again below it at the next update.
  func note(_ line: String) {
    let lead = meter.withLock { $0.interrupt() } ?? ""
    console.writeError(lead + line + "\n")
  }

  /// Seconds since an arbitrary moment, never going back.
  @Sendable static func uptime() -> Double {
    Double(DispatchTime.now().uptimeNanoseconds) / 1e9
  }
}
