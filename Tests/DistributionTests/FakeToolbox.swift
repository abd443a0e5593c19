import Distribution
import Foundation
import ShipyardTestSupport
import SystemSupport

extension FakeToolbox {
  /// Runs the fakes first, then the system's shell tools.
  var runner: ToolRunner { .live(path: path) }
}

/// A clock whose sleeps pass at once and only move its time on.
struct FakeClock: Sendable {
  private struct State: Sendable {
    var time: TimeInterval = 1_000_000
    var sleeps: [TimeInterval] = []
  }

  private let state = Locked(State())

  /// The sleeps asked for, in order.
  var sleeps: [TimeInterval] { state.withLock { $0.sleeps } }

  var clock: PipelineClock {
    PipelineClock(
      now: { [state] in state.withLock { $0.time } },
      sleep: { [state] seconds in
        state.withLock {
          $0.time += seconds
          $0.sleeps.append(seconds)
        }
      })
  }
}
