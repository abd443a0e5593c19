import Foundation
import ShipyardTestSupport
import Testing

@testable import ShipyardCLI

/// Every example of every command's `--help`, run as written by `sh` with the built `shipyard`
/// first on `PATH`, in a scratch folder holding the files it names; the few that cannot run here
/// are parsed through their command's option table, each with the reason it only parses.
@Suite struct HelpExampleTests {
  /// The examples that only parse here, and why.
  static let parseOnly: [String: String] = [
    "shipyard dmg extract dist/Hello.dmg Hello.app -o /Applications --force":
      "writes into /Applications, outside the scratch folder",
    "shipyard form post https://example.com/upload -F title=Hello -F file=@build.zip":
      "sends to example.com, over the network",
    "shipyard form post http://127.0.0.1:8080/ -F 'meta=<meta.json;type=application/json'":
      "needs the reader's server on port 8080",
    #"shipyard pkg sign dist/Hello.pkg --engine apple --identity "Developer ID Installer: Example (TEAMID1234)""#:
      "runs Apple's productsign, on macOS only",
  ]

  /// The commands whose help has examples, each with what its scratch folder holds before they
  /// run (``HelpExampleFixtures``).
  static let commands = HelpExampleFixtures.all.keys.sorted()

  @Test func everyCommandWithExamplesHasItsFiles() {
    #expect(!HelpExample.all.isEmpty)
    #expect(Set(HelpExample.all.map(\.command)) == Set(Self.commands))
  }

  @Test func theParseOnlyExamplesAreInTheHelp() {
    let lines = Set(HelpExample.all.map(\.line))
    for line in Self.parseOnly.keys { #expect(lines.contains(line), "no help shows \(line)") }
  }

  @Test(arguments: HelpExample.all.filter { parseOnly[$0.line] != nil })
  func anExampleThatCannotRunHereParses(example: HelpExample) throws {
    try example.parse()
  }

  /// The commands whose examples need nothing beyond `shipyard` and the repository.
  static let plainCommands = commands.filter { !Self.machOCommands.contains($0) }

  /// The commands whose examples sign Mach-O code.
  static let machOCommands: Set<String> = ["app merge", "pkg build", "pkg sign", "pkg ship"]

  @Test(arguments: plainCommands)
  func theExamplesRunAsWritten(command: String) throws {
    try runExamples(of: command)
  }

  /// `app merge`'s examples need Mach-O apps (apple-platform-py) and the Notary double's
  /// time-stamp authority, for the `app sign` that follows the merge.
  @Test(
    .enabled(
      if: PeerPolicy.shouldRun(whenAvailable: SampleApps.canMakeMachO && NotaryDouble.isAvailable),
      Comment(rawValue: NotaryDouble.requirement)))
  func theMergeExamplesRunAsWritten() throws {
    try runExamples(of: "app merge")
  }

  /// `pkg build`'s examples sign a Mach-O app first, with the double's identity and time-stamp
  /// authority.
  @Test(
    .enabled(
      if: PeerPolicy.shouldRun(whenAvailable: SampleApps.canMakeMachO && NotaryDouble.isAvailable),
      Comment(rawValue: NotaryDouble.requirement)))
  func thePackageExamplesRunAsWritten() throws {
    for command in ["pkg build", "pkg sign", "pkg ship"] { try runExamples(of: command) }
  }

  /// Runs the examples of `command`'s help that can run here, in order, in one scratch folder.
  private func runExamples(of command: String) throws {
    let fixture = try #require(HelpExampleFixtures.all[command])
    let folder = try ScratchFolder()
    let tools = try ScratchFolder()
    defer {
      folder.remove()
      tools.remove()
    }
    try FileManager.default.createSymbolicLink(
      atPath: tools.path("shipyard"), withDestinationPath: BuiltProducts.shipyard.path)
    let prepared = try fixture(folder)
    defer { prepared.stop() }
    let runnable = HelpExample.all.filter {
      $0.command == command && Self.parseOnly[$0.line] == nil
    }
    for example in runnable {
      let output = try ProcessRunner.run(
        "env",
        ["PATH=\(tools.url.path):/usr/bin:/bin"] + prepared.environment
          + ["sh", "-c", "cd '\(folder.url.path)' && \(example.line)"])
      #expect(
        output.status == 0, "\(example.line) exited \(output.status): \(output.standardError)")
    }
  }
}

extension HelpExampleTests {
  @Test func aMistypedExampleFailsToParse() {
    let example = HelpExample(
      command: "form post", line: "shipyard form post https://example.com/upload -F a=1 --formm b")
    #expect(throws: HelpExampleError.self) { try example.parse() }
  }

  @Test func theBuiltToolWrapsItsHelpToColumns() throws {
    let output = try ProcessRunner.run(
      "env", ["COLUMNS=60", BuiltProducts.shipyard.path, "dmg", "build", "--help"])
    #expect(output.status == 0)
    #expect(
      String(decoding: output.standardOutput, as: UTF8.self) == DMGBuildCommand.help(width: 60)
        + "\n")
  }
}
