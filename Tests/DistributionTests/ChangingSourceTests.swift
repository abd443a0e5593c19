import Distribution
import Foundation
import ShipyardTestSupport
import SystemSupport
import Testing

/// A source file that disappears, shrinks, grows or is written to while `dmg build` reads it
/// (issue #19, Must-show 4): the build fails naming it, never an image of wrong bytes, and
/// leaves no image and no temporary file.
///
/// The change is made from the build's progress callback, which runs on the building thread
/// between batches (threads × 4 chunks of 1 MiB, read in volume order): `a.bin` (16 MiB) comes
/// first, so at the first callback `z.bin` (64 MiB) is not opened yet, and once 40 MiB are done
/// it is open and half read. No timing is involved.
@Suite struct ChangingSourceTests {
  /// When the change happens.
  enum Moment: String, Sendable, CaseIterable {
    /// At the first progress callback, before `z.bin` is opened.
    case beforeOpening
    /// Once 40 MiB are done, with `z.bin` half read.
    case whileReading
  }

  /// A change to `z.bin`, when it is made, and what the error says.
  struct Case: Sendable, CustomTestStringConvertible {
    let change: String
    let moment: Moment
    let expected: String
    let apply: @Sendable (String) throws -> Void

    var testDescription: String { "\(change) \(moment.rawValue)" }
  }

  static let mebibyte = 1 << 20

  static let cases: [Case] = [
    Case(change: "removed", moment: .beforeOpening, expected: "it is gone") { path in
      try FileManager.default.removeItem(atPath: path)
    },
    Case(change: "grown", moment: .beforeOpening, expected: "now it has") { path in
      try append(to: path)
    },
    Case(change: "grown", moment: .whileReading, expected: "now it has") { path in
      try append(to: path)
    },
    Case(change: "truncated", moment: .whileReading, expected: "now it ends after") { path in
      guard truncate(path, off_t(20 * mebibyte)) == 0 else { throw SystemError("truncate") }
    },
    Case(change: "rewritten", moment: .whileReading, expected: "was written to") { path in
      let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
      try handle.write(contentsOf: Data(repeating: 0x5A, count: 4096))
      try handle.close()
    },
  ]

  static func append(to path: String) throws {
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(repeating: 0xA5, count: 4096))
    try handle.close()
  }

  @Test(arguments: cases, [DMGBuildOptions.FileSystem.hfsPlus, .apfs])
  func aChangedSourceFileStopsTheBuildNamingIt(
    _ change: Case, fileSystem: DMGBuildOptions.FileSystem
  ) throws {
    let workspace = try FaultWorkspace(megabytes: 16)
    defer { workspace.folder.remove() }
    let source = URL(fileURLWithPath: workspace.source)
    try FileManager.default.moveItem(
      at: source.appendingPathComponent("big.bin"), to: source.appendingPathComponent("a.bin"))
    let changed = source.appendingPathComponent("z.bin").path
    try ProcessRunner.check(
      "sh", ["-c", "head -c 64M /dev/urandom > \"$0\"", changed])
    var options = DMGBuildOptions(
      source: workspace.source, output: workspace.image.path, threads: 1)
    options.fileSystem = fileSystem
    options.format = .udro
    let made = Locked(false)
    let threshold = Int64(change.moment == .beforeOpening ? 0 : 40 * Self.mebibyte)

    #expect {
      _ = try DMGBuilder(options: options).build { done, _ in
        guard done > threshold, !made.withLock({ $0 }) else { return }
        made.withLock { $0 = true }
        try change.apply(changed)
      }
    } throws: { error in
      let text = "\(error)"
      return text.contains(changed) && text.contains("changed while the image was built")
        && text.contains(change.expected)
    }
    #expect(made.withLock { $0 }, "the build never reached the change")
    #expect(try workspace.contents(of: workspace.output).isEmpty)
  }
}
