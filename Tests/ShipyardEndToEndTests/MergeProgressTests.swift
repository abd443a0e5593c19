import Foundation
import ShipyardTestSupport
import Testing

/// `app merge` as its users see it: in a terminal (a pseudo-terminal made by `script`) a bar of
/// the entries written, ended before the report; in a log, only the report.
@Suite(
  .enabled(
    if: UniversalAppPair.shouldRun && TerminalSession.isAvailable,
    "needs the Go-built app pair's peers and script (util-linux)"))
struct MergeProgressTests {
  @Test func aTerminalSeesTheMergingBarBeforeTheReport() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let pair = try UniversalAppPair(in: folder.url)
    let output = folder.file("Demo.app")
    let command = [
      BuiltProducts.shipyard.path, "app", "merge", pair.first.url.path, pair.second.url.path, "-o",
      output.path,
    ]
    let (session, screen) = try TerminalSession.run(command, typescript: folder.path("session.txt"))
    #expect(session.status == 0, "\(session.standardError)")
    let report = try #require(
      screen.firstRange(
        of: try Regex(
          "wrote \(NSRegularExpression.escapedPattern(for: output.path)) \\(\\d+ entries\\)")),
      "\(screen)")
    let entries = screen[report].split(separator: "(").last?.split(separator: " ").first ?? ""
    let bar = try #require(
      screen.firstRange(of: try Regex(#"\rmerging \[#+\] 100%  \#(entries) entries in \d+:\d\d"#)),
      "the bar ends full, at the report's count of entries: \(screen)")
    #expect(bar.upperBound < report.lowerBound, "the bar ends before the report")

    let logged = try ProcessRunner.run(command[0], Array(command.dropFirst()) + ["--force"])
    #expect(logged.status == 0, "\(logged.standardError)")
    #expect(!logged.standardError.contains("merging"), "\(logged.standardError)")
  }
}
