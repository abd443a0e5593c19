import Foundation

/// What a long step prints about its progress, worked out from the amounts done and the times
/// they were done at, with no clock and no output of its own.
///
/// In the ``ProgressStyle/bar`` style every update at least a tenth of a second after the last
/// redraws one line in place (a carriage return, the line, then an erase to its end):
/// `building [#########---------------]  38%  76.0 MiB / 200.0 MiB  19.0 MiB/s  0:07 left`.
/// In the ``ProgressStyle/lines`` style, for logs, a line goes out once the step has run for
/// two seconds, then at each further 5% (no more than one every two seconds) and at least every
/// ten seconds while it is slow: `building: 38% (76.0 MiB of 200.0 MiB, 19.0 MiB/s, 0:07 left)`;
/// a step that ends before its first line prints nothing at all. The rate is the average since
/// the start, and the time left what remains at that rate.
struct ProgressMeter: Sendable {
  /// What the step is doing, such as `building` or `uploading`.
  let label: String
  /// How the progress shows.
  let style: ProgressStyle
  /// What the amounts count.
  let unit: ProgressUnit
  /// When the step started, in seconds on the caller's clock (at the first update when not
  /// given).
  private(set) var start: Double?

  /// When the last text went out.
  private var lastShown: Double?
  /// The percentage of the last line (``ProgressStyle/lines``).
  private var lastPercent = 0
  /// The amounts of the last update.
  private var latest: (done: Int64, total: Int64) = (0, 0)
  /// Whether ``finish(at:)`` ran.
  private var finished = false

  /// The width of the bar, in characters.
  static let barWidth = 24
  /// The fewest seconds between two redraws of the bar.
  static let redrawInterval = 0.1
  /// The seconds before the first line, and the fewest between two lines.
  static let lineInterval = 2.0
  /// The most seconds between two lines while the step runs.
  static let slowLineInterval = 10.0
  /// The percentage points between two lines.
  static let lineStep = 5

  /// A meter for a step called `label` that counts in `unit`, started at `start` (else at its
  /// first update).
  init(label: String, style: ProgressStyle, unit: ProgressUnit = .bytes, start: Double? = nil) {
    self.label = label
    self.style = style
    self.unit = unit
    self.start = start
  }

  /// Records that `done` of `total` bytes are done at `now`, and returns the text to write on
  /// standard error, if any.
  mutating func advance(done: Int64, total: Int64, at now: Double) -> String? {
    guard !finished else { return nil }
    let start = self.start ?? now
    self.start = start
    latest = (done, total)
    let percent = Self.percent(done, of: total)
    let due: Bool
    switch style {
    case .silent: due = false
    case .bar: due = lastShown.map { now - $0 >= Self.redrawInterval } ?? true
    case .lines where done >= total: due = false  // the closing line says it
    case .lines:
      if let lastShown {
        due =
          now - lastShown >= Self.slowLineInterval
          || (now - lastShown >= Self.lineInterval && percent >= lastPercent + Self.lineStep)
      } else {
        due = now - start >= Self.lineInterval
      }
    }
    guard due else { return nil }
    lastShown = now
    lastPercent = percent
    return style == .bar
      ? "\r" + barLine(done: done, total: total, at: now) + Self.eraseToEnd
      : "\(label): \(percent)% (\(amounts(done: done, total: total, at: now)))\n"
  }

  /// Ends the meter at `now` with the step complete, and returns its last text, if any: the full
  /// bar and a line break, or the closing line when lines were printed; nothing for a meter that
  /// never started.
  mutating func finish(at now: Double) -> String? {
    guard !finished, start != nil else { return nil }
    finished = true
    let total = max(latest.total, latest.done)
    let elapsed = now - (start ?? now)
    let summary =
      "\(unit.amount(total)) in \(Self.duration(elapsed))"
      + (elapsed > 0 ? ", \(unit.rate(Double(total) / elapsed))" : "")
    switch style {
    case .silent: return nil
    case .bar:
      return "\r\(label) [\(Self.bar(1))] 100%  \(summary)\(Self.eraseToEnd)\n"
    case .lines:
      return lastShown == nil ? nil : "\(label): done (\(summary))\n"
    }
  }
  /// Makes way for a line of other text while the step runs, and returns what ends the bar's
  /// line first, if one is on screen (a line break); the next update draws the bar afresh.
  mutating func interrupt() -> String? {
    guard style == .bar, !finished, lastShown != nil else { return nil }
    lastShown = nil
    return "\n"
  }

  // MARK: - Text

  /// The terminal's code that erases the rest of the line (a shorter line leaves no tail).
  static let eraseToEnd = "\u{1B}[K"

  /// The bar's line, without the carriage return.
  private func barLine(done: Int64, total: Int64, at now: Double) -> String {
    let fraction = total > 0 ? min(1, Double(done) / Double(total)) : 1
    let percent = String(format: "%3d%%", Self.percent(done, of: total))
    var line =
      "\(label) [\(Self.bar(fraction))] \(percent)  "
      + unit.amounts(done, total, joinedBy: "/")
    if let (rate, left) = pace(done: done, total: total, at: now) {
      line += "  \(unit.rate(rate))  \(Self.duration(left)) left"
    }
    return line
  }

  /// `76.0 MiB of 200.0 MiB, 19.0 MiB/s, 0:07 left`, the rate and time left once known.
  private func amounts(done: Int64, total: Int64, at now: Double) -> String {
    let sizes = unit.amounts(done, total, joinedBy: "of")
    guard let (rate, left) = pace(done: done, total: total, at: now) else { return sizes }
    return "\(sizes), \(unit.rate(rate)), \(Self.duration(left)) left"
  }

  /// The average rate since the start and the seconds left at it, once a quarter of a second
  /// has passed and something is done.
  private func pace(done: Int64, total: Int64, at now: Double) -> (Double, Double)? {
    let elapsed = now - (start ?? now)
    guard elapsed >= 0.25, done > 0 else { return nil }
    let rate = Double(done) / elapsed
    return (rate, Double(max(0, total - done)) / rate)
  }

  /// `fraction` of the bar filled with `#`, the rest `-`.
  static func bar(_ fraction: Double) -> String {
    let filled = Int(fraction * Double(barWidth))
    return String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled)
  }

  /// `done` as a whole percentage of `total` (100 when there is nothing to do).
  static func percent(_ done: Int64, of total: Int64) -> Int {
    total > 0 ? Int(min(done, total) * 100 / total) : 100
  }

  /// `seconds` rounded up as `m:ss`, or `h:mm:ss` from an hour.
  static func duration(_ seconds: Double) -> String {
    let whole = Int(seconds.rounded(.up))
    let (hours, minutes, rest) = (whole / 3600, whole / 60 % 60, whole % 60)
    return hours > 0
      ? String(format: "%d:%02d:%02d", hours, minutes, rest)
      : String(format: "%d:%02d", minutes, rest)
  }
}
