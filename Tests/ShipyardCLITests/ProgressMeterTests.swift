import Foundation
import Testing

@testable import ShipyardCLI

/// The progress reporter's output for a 200 MiB build on a fake clock: the bar a terminal shows,
/// the lines a CI log gets, and the silence of `--quiet`, against golden files.
@Suite struct ProgressMeterTests {
  static let mebibyte: Int64 = 1 << 20
  static let total = 200 * mebibyte

  /// The updates of a build of 200 MiB: 5 MiB every 0.125 s (40 MiB/s) for the first half,
  /// then every 0.25 s (20 MiB/s), as `(done, at)`.
  static let buildUpdates: [(done: Int64, at: Double)] = {
    var updates: [(Int64, Double)] = [(0, 0)]
    var time = 0.0
    for step in 1...40 {
      time += step <= 20 ? 0.125 : 0.25
      updates.append((Int64(step) * 5 * mebibyte, time))
    }
    return updates
  }()

  /// What a meter in `style` writes for `updates`, finished at `end`.
  static func output(
    _ style: ProgressStyle, _ updates: [(done: Int64, at: Double)], total: Int64 = total,
    end: Double
  ) -> String {
    var meter = ProgressMeter(label: "building", style: style, start: 0)
    var text = ""
    for update in updates {
      text += meter.advance(done: update.done, total: total, at: update.at) ?? ""
    }
    return text + (meter.finish(at: end) ?? "")
  }

  /// `text` as a terminal leaves it on screen frame by frame: each redraw (a carriage return)
  /// on a line of its own, the erase code shown as `⌫`.
  static func frames(_ text: String) -> String {
    text.replacingOccurrences(of: ProgressMeter.eraseToEnd, with: "⌫")
      .replacingOccurrences(of: "\r", with: "\n").trimmingCharacters(in: .newlines) + "\n"
  }

  @Test func aTerminalSeesTheBarWithBytesRateAndTimeLeft() throws {
    let text = Self.output(.bar, Self.buildUpdates, end: 7.5)
    #expect(text.hasPrefix("\r") && text.hasSuffix(ProgressMeter.eraseToEnd + "\n"))
    #expect(!text.dropLast().contains("\n"), "the bar stays on one line until it ends")
    try Snapshot(named: "progress-bar").assertMatches(Self.frames(text))
  }

  @Test func aLogSeesALineEveryFewSecondsOrFivePercent() throws {
    let text = Self.output(.lines, Self.buildUpdates, end: 7.5)
    #expect(!text.contains("\r") && !text.contains("\u{1B}"))
    try Snapshot(named: "progress-lines").assertMatches(text)
  }

  @Test func aSlowStepStillPrintsALineEveryTenSeconds() throws {
    // 1 MiB every 3 s: under 5% between lines, so the ten-second rule alone prints; then the
    // rest at once.
    let updates: [(done: Int64, at: Double)] =
      (0...20).map { (Int64($0) * Self.mebibyte, Double($0) * 3) } + [(Self.total, 61)]
    let text = Self.output(.lines, updates, end: 61)
    try Snapshot(named: "progress-lines-slow").assertMatches(text)
  }

  @Test func aStepOverInUnderTwoSecondsPrintsNoLineAndQuietNothing() {
    let quick = Self.buildUpdates.map { ($0.done, $0.at / 5) }
    #expect(Self.output(.lines, quick, end: 1.5).isEmpty)
    #expect(Self.output(.silent, Self.buildUpdates, end: 7.5).isEmpty)
  }

  @Test func theBarIsRedrawnAtMostTenTimesASecond() {
    let dense = (0...1000).map { (Int64($0) * Self.mebibyte / 5, Double($0) / 1000) }
    let frames = Self.output(.bar, dense, end: 1).split(separator: "\r").count
    #expect(frames == 11, "one frame each tenth of a second, and the last")
  }

  @Test func aFinishedMeterPrintsNoMore() {
    var meter = ProgressMeter(label: "uploading", style: .bar, start: 0)
    _ = meter.advance(done: 1, total: 2, at: 1)
    #expect(meter.finish(at: 2) != nil)
    #expect(meter.advance(done: 2, total: 2, at: 3) == nil)
    #expect(meter.finish(at: 4) == nil)
  }

  /// A signing counts items, not bytes: amounts, rate and summary in the unit's nouns.
  @Test func itemsAreCountedInTheirOwnNouns() {
    let unit = ProgressUnit.count(one: "item", many: "items")
    var meter = ProgressMeter(label: "signing", style: .bar, unit: unit, start: 0)
    let erase = ProgressMeter.eraseToEnd
    #expect(
      meter.advance(done: 5, total: 20, at: 1)
        == "\rsigning [######------------------]  25%  5 / 20 items  5.0 items/s  0:03 left\(erase)"
    )
    #expect(
      meter.finish(at: 2)
        == "\rsigning [\(ProgressMeter.bar(1))] 100%  20 items in 0:02, 10 items/s\(erase)\n")
    #expect(unit.amount(1) == "1 item" && unit.amounts(1, 1, joinedBy: "of") == "1 of 1 item")
  }

  /// A meter that waits for its first update (the upload of an engine whose tools print their
  /// own progress gets none) prints nothing when it ends.
  @Test(arguments: [ProgressStyle.bar, .lines])
  func aMeterThatNeverStartedPrintsNothing(style: ProgressStyle) {
    var meter = ProgressMeter(label: "uploading", style: style)
    #expect(meter.finish(at: 5) == nil)
  }

  /// A line printed while the bar is on screen (a retry) gets a line of its own: the bar's line is
  /// ended first and the next update draws the bar again, at once; a log needs no such break.
  @Test func aLineWhileTheBarIsDrawnEndsTheBarsLineFirst() {
    var meter = ProgressMeter(label: "uploading", style: .bar, start: 0)
    #expect(meter.interrupt() == nil, "no bar on screen yet")
    _ = meter.advance(done: 1, total: 4, at: 1)
    #expect(meter.interrupt() == "\n")
    #expect(meter.interrupt() == nil, "the line is already ended")
    let redrawn = meter.advance(done: 0, total: 4, at: 1.01)
    #expect(redrawn?.hasPrefix("\ruploading [") == true, "drawn again within the redraw interval")
    _ = meter.finish(at: 2)
    #expect(meter.interrupt() == nil, "a finished bar's line is ended")
    var lines = ProgressMeter(label: "uploading", style: .lines, start: 0)
    _ = lines.advance(done: 1, total: 4, at: 3)
    #expect(lines.interrupt() == nil)
  }

  @Test(arguments: [(0.0, "0:00"), (0.2, "0:01"), (59, "0:59"), (61, "1:01"), (3725, "1:02:05")])
  func timesShowAsMinutesAndSeconds(seconds: Double, text: String) {
    #expect(ProgressMeter.duration(seconds) == text)
  }

  @Test func theClockStartsAtTheFirstUpdateWhenNotGiven() {
    var meter = ProgressMeter(label: "building", style: .lines)
    _ = meter.advance(done: 0, total: 100, at: 100)
    #expect(meter.advance(done: 10, total: 100, at: 101) == nil)
    #expect(
      meter.advance(done: 50, total: 100, at: 102)
        == "building: 50% (50 B of 100 B, 25 B/s, 0:02 left)\n")
  }
}
