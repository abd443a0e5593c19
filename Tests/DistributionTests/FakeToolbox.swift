import Distribution
import Foundation
import ShipyardTestSupport

/// Fake `codesign`, `xcrun`, `spctl` and `rcodesign` in a folder of their own, and what they were
/// asked to do.
struct FakeToolbox {
  let folder: ScratchFolder
  let image: String

  init() throws {
    folder = try ScratchFolder()
    let script = PeerPolicy.packageRoot.appendingPathComponent("Tests/DistributionTests/FakeTools/fake-apple-tool").path
    for tool in ["codesign", "xcrun", "spctl", "rcodesign"] {
      try FileManager.default.createSymbolicLink(atPath: folder.path(tool), withDestinationPath: script)
    }
    image = try folder.write(Array("a disk image".utf8), to: "Hello.dmg").path
  }

  /// Runs the fakes first, then the system's shell tools.
  var runner: ToolRunner { .live(path: "\(folder.url.path):/usr/bin:/bin") }

  /// Sets a scenario file (see the fake tool's header).
  func set(_ name: String, _ value: String) throws {
    try folder.write(Array(value.utf8), to: name)
  }

  /// Every call, as the tool's name followed by its arguments.
  var calls: [[String]] {
    let text = (try? String(contentsOfFile: folder.path("calls.log"), encoding: .utf8)) ?? ""
    return text.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
  }

  func remove() { folder.remove() }
}

/// A clock whose sleeps pass at once and only move its time on.
final class FakeClock: @unchecked Sendable {
  private let lock = NSLock()
  private var time: TimeInterval = 1_000_000
  private(set) var sleeps: [TimeInterval] = []

  var clock: PipelineClock {
    PipelineClock(
      now: { [self] in lock.withLock { time } },
      sleep: { [self] seconds in lock.withLock {
        time += seconds
        sleeps.append(seconds)
      } })
  }
}
