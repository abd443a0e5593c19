import Foundation
import ShipyardTestSupport
import Testing

/// `app sign` as its users see it: in a terminal (a pseudo-terminal made by `script`) a bar of
/// the items signed, ended before the summary; in a log, the items and the summary only.
@Suite(
  .enabled(
    if: PeerPolicy.shouldRun(
      whenAvailable: SampleApps.canMakeMachO && TerminalSession.isAvailable),
    "needs apple-platform-py for a Mach-O Hello.app and script (util-linux)"))
struct SigningProgressTests {
  @Test func aTerminalSeesTheSigningBarBeforeTheSummary() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let app = try SampleApps.machOHello(in: folder.url)
    let command = [BuiltProducts.shipyard.path, "app", "sign", app, "--ad-hoc"]
    let (session, screen) = try TerminalSession.run(command, typescript: folder.path("session.txt"))
    #expect(session.status == 0, "\(session.standardError)")
    let bar = try #require(
      screen.firstRange(of: #/\rsigning \[#+\] 100%  1 item in \d+:\d\d/#),
      "the bar ends full: \(screen)")
    let summary = try #require(screen.range(of: "signed \(app) with native: 1 item"))
    #expect(bar.upperBound < summary.lowerBound, "the bar ends before the summary")

    let logged = try ProcessRunner.run(command[0], Array(command.dropFirst()))
    #expect(!logged.standardError.contains("signing ["), "\(logged.standardError)")
  }
}
