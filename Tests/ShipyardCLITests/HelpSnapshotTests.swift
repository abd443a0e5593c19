import Foundation
import Testing

/// Every command's `--help`, against the golden files in `Snapshots/`.
///
/// The help comes from the option tables, so a changed option shows here.
/// `RECORD_SNAPSHOTS=1 swift test --filter HelpSnapshotTests` writes the files anew.
@Suite struct HelpSnapshotTests {
  /// The commands, as the words before `--help`, and their golden files' names.
  static let commands: [(arguments: [String], snapshot: String)] =
    [
      ([], "root"), (["app"], "app"), (["dmg"], "dmg"), (["form"], "form"),
      (["appcast"], "appcast"), (["appcast", "add"], "appcast-add"),
      (["notary"], "notary"), (["pkg"], "pkg"),
    ]
    + ["sign", "verify", "merge", "zip", "notarize", "staple"].map { (["app", $0], "app-\($0)") }
    + ["build", "inspect", "ls", "extract", "verify", "sign", "notarize", "staple", "ship"].map {
      (["dmg", $0], "dmg-\($0)")
    }
    + ["build", "inspect", "sign", "verify", "notarize", "staple", "ship"].map {
      (["pkg", $0], "pkg-\($0)")
    }
    + ["encode", "decode", "post"].map { (["form", $0], "form-\($0)") }
    + ["info", "log", "history"].map { (["notary", $0], "notary-\($0)") }

  @Test(arguments: commands)
  func helpMatchesItsSnapshot(arguments: [String], snapshot: String) async throws {
    let console = CapturingConsole()
    #expect(await console.run(arguments + ["--help"]) == 0)
    #expect(console.errors.isEmpty)
    try Snapshot(named: snapshot).assertMatches(console.outputText)
  }
}

/// A golden file under `Tests/ShipyardCLITests/Snapshots/`.
struct Snapshot {
  /// The snapshots' folder, found from this file's path.
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Snapshots")

  let name: String

  init(named name: String) { self.name = name }

  var url: URL { Self.folder.appendingPathComponent("\(name).txt") }

  /// Expects `actual` to be the snapshot's text; with `RECORD_SNAPSHOTS=1` in the environment,
  /// writes it instead (and the test still fails, so that a recording run is never mistaken for
  /// a passing one).
  func assertMatches(_ actual: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
      try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
      try Data(actual.utf8).write(to: url)
      Issue.record(
        "recorded \(url.path); run again without RECORD_SNAPSHOTS", sourceLocation: sourceLocation)
      return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
      Issue.record(
        "no snapshot \(url.path): record it with RECORD_SNAPSHOTS=1", sourceLocation: sourceLocation
      )
      return
    }
    guard actual != expected else { return }
    Issue.record(
      Comment(
        rawValue:
          "\(name) differs from \(url.lastPathComponent) (re-record with RECORD_SNAPSHOTS=1):\n"
          + Self.diff(expected: expected, actual: actual)), sourceLocation: sourceLocation)
  }

  /// The lines that differ, as in a diff: `-` the snapshot's (with its line number), `+` the
  /// actual ones.
  static func diff(expected: String, actual: String) -> String {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
    return new.difference(from: old).map { change in
      switch change {
      case .remove(let offset, let line, _): "-\(offset + 1): \(line)"
      case .insert(let offset, let line, _): "+\(offset + 1): \(line)"
      }
    }.joined(separator: "\n")
  }
}
