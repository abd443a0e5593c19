import Foundation
import ShipyardTestSupport
import Testing

@testable import ShipyardCLI

/// The built `shipyard` asks the terminal its standard output is for its width
/// (`ioctl(TIOCGWINSZ)`), in a pseudo-terminal that `script` (util-linux) opens and `stty` sizes.
@Suite(
  .enabled(
    if: PeerPolicy.shouldRun(whenAvailable: TerminalSession.isAvailable),
    "needs script (util-linux's bsdutils)"))
struct TerminalHelpWidthTests {
  @Test(arguments: [70, 100])
  func theHelpIsWrappedToTheTerminalsColumns(columns: Int) throws {
    let output = try ProcessRunner.check(
      "env",
      [
        "-u", "COLUMNS", "script", "-q", "-c",
        "stty cols \(columns); '\(BuiltProducts.shipyard.path)' --help", "/dev/null",
      ])
    let text = String(decoding: output, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
    #expect(text == Shipyard.help(width: columns) + "\n")
  }

  @Test func columnsWinsOverTheTerminal() throws {
    let output = try ProcessRunner.check(
      "env",
      [
        "COLUMNS=60", "script", "-q", "-c",
        "stty cols 100; COLUMNS=60 '\(BuiltProducts.shipyard.path)' --help", "/dev/null",
      ])
    let text = String(decoding: output, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
    #expect(text == Shipyard.help(width: 60) + "\n")
  }
}
