import Foundation
import SystemSupport

/// A one-line progress bar on standard error: bar, percentage, bytes, and speed.
///
/// Updates arrive from any thread and are drawn at most ten times a second.
final class ProgressBar: Sendable {
  /// When the bar was last drawn, and whether it ended.
  private struct Drawing: Sendable {
    var lastDrawn = Date.distantPast
    var finished = false
  }

  private let console: Console
  private let totalBytes: Int64
  private let start = Date()
  private let drawing = Locked(Drawing())

  init(console: Console, totalBytes: Int64) {
    self.console = console
    self.totalBytes = totalBytes
  }

  /// Records that `bytesSent` bytes have gone.
  func update(bytesSent: Int64) {
    let now = Date()
    let line: String? = drawing.withLock { drawing in
      guard !drawing.finished,
        now.timeIntervalSince(drawing.lastDrawn) >= 0.1 || bytesSent == totalBytes
      else { return nil }
      drawing.lastDrawn = now
      return Self.render(
        bytesSent: bytesSent, totalBytes: totalBytes, elapsed: now.timeIntervalSince(start))
    }
    if let line { console.writeError("\r" + line) }
  }

  /// Draws the final state and ends the line.
  func finish() {
    let line: String? = drawing.withLock { drawing in
      guard !drawing.finished else { return nil }
      drawing.finished = true
      return Self.render(
        bytesSent: totalBytes, totalBytes: totalBytes, elapsed: Date().timeIntervalSince(start))
    }
    if let line { console.writeError("\r" + line + "\n") }
  }

  /// One line such as `[######------]  50%  512.0 MiB / 1.0 GiB  210.3 MiB/s`.
  static func render(bytesSent: Int64, totalBytes: Int64, elapsed: TimeInterval) -> String {
    let width = 24
    let fraction = totalBytes > 0 ? min(1, Double(bytesSent) / Double(totalBytes)) : 1
    let filled = Int(fraction * Double(width))
    let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
    let percent = String(format: "%3d%%", Int(fraction * 100))
    let speed = elapsed > 0 ? Double(bytesSent) / elapsed : 0
    return
      "[\(bar)] \(percent)  \(formatBytes(Double(bytesSent))) / \(formatBytes(Double(totalBytes)))  \(formatBytes(speed))/s"
  }

  static func formatBytes(_ bytes: Double) -> String {
    let units = ["B", "KiB", "MiB", "GiB", "TiB"]
    var value = bytes
    var unit = 0
    while value >= 1024, unit < units.count - 1 {
      value /= 1024
      unit += 1
    }
    return unit == 0 ? "\(Int(value)) B" : String(format: "%.1f %@", value, units[unit])
  }
}
