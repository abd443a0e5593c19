import Distribution
import Foundation
import ShipyardTestSupport

extension FakeToolbox {
  /// Runs the fakes first, then the system's shell tools.
  var runner: ToolRunner { .live(path: path) }
}

/// A clock whose sleeps pass at once and only move its time on.
final class FakeClock: @unchecked Sendable {
  private let lock = NSLock()
  private var time: TimeInterval = 1_000_000
  private(set) var sleeps: [TimeInterval] = []

  var clock: PipelineClock {
    PipelineClock(
      now: { [self] in lock.withLock { time } },
      sleep: { [self] seconds in
        lock.withLock {
          time += seconds
          sleeps.append(seconds)
        }
      })
  }
}
