import Foundation
import ShipyardTestSupport
import Testing

/// `dmg build` of 200 MiB as its users see it: in a terminal (a pseudo-terminal made by
/// `script`) the bar with bytes and rate, redrawn in place; with standard error in a file, plain
/// lines only; `--quiet` nothing, `--json` what was written. (The exact text, with the rate and
/// the time left mid-way, is in ProgressMeterTests, on a fake clock.)
@Suite(
  .enabled(
    if: PeerPolicy.shouldRun(whenAvailable: TerminalSession.isAvailable),
    "needs script (util-linux) for a pseudo-terminal"))
struct BuildProgressTests {
  /// A folder holding 200 MiB of a random MiB repeated (UDRO stores it as it is).
  static func payload(in folder: ScratchFolder) throws -> String {
    let payload = folder.url.appendingPathComponent("payload")
    try FileManager.default.createDirectory(at: payload, withIntermediateDirectories: true)
    try RandomPayload.write(mebibytes: 200, to: payload.appendingPathComponent("payload.bin"))
    return payload.path
  }

  @Test func aTerminalSeesTheBarAndALogSeesLinesOnly() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let payload = try Self.payload(in: folder)
    let build = [
      BuiltProducts.shipyard.path, "dmg", "build", payload, "-o", folder.path("Big.dmg"),
      "--format", "UDRO", "--force",
    ]
    let (session, screen) = try TerminalSession.run(build, typescript: folder.path("session.txt"))
    #expect(session.status == 0, "\(session.standardError)")
    #expect(screen.contains("\rbuilding ["), "the bar is drawn in place: \(screen)")
    #expect(screen.contains("\u{1B}[K"))
    let last = try #require(
      screen.components(separatedBy: "\r").last { $0.contains("100%") },
      "the bar ends full: \(screen)")
    #expect(
      last.contains(/\] 100%  200\.\d MiB in \d+:\d\d, [\d.]+ [KMG]iB\/s/),
      "bytes, time, rate: \(last)")
    #expect(screen.contains("wrote \(folder.path("Big.dmg")): volume \"payload\""))

    let logged = try ProcessRunner.run(build[0], Array(build.dropFirst()))
    #expect(logged.status == 0, "\(logged.standardError)")
    #expect(!logged.standardError.contains("\r") && !logged.standardError.contains("\u{1B}"))
    for line in logged.standardError.split(separator: "\n") {
      #expect(
        line.hasPrefix("building: ") || line.hasPrefix("wrote "),
        "a log gets whole lines of progress, then the summary: \(line)")
    }
  }

  @Test func quietPrintsNothingAndJSONSaysWhatWasWritten() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    try FileManager.default.createDirectory(
      at: folder.file("Hello"), withIntermediateDirectories: true)
    let source = try folder.write(Array("hello".utf8), to: "Hello/hello.txt")
    let shipyard = BuiltProducts.shipyard.path
    let image = folder.path("Hello.dmg")
    let quiet = try ProcessRunner.run(
      shipyard, ["dmg", "build", source.deletingLastPathComponent().path, "-o", image, "-q"])
    #expect(quiet.status == 0 && quiet.standardError.isEmpty && quiet.standardOutput.isEmpty)
    let json = try ProcessRunner.run(
      shipyard,
      ["dmg", "build", source.deletingLastPathComponent().path, "-o", image, "--json", "--force"])
    #expect(json.status == 0 && json.standardError.isEmpty, "\(json.standardError)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: json.standardOutput) as? [String: Any])
    let size = try FileManager.default.attributesOfItem(atPath: image)[.size] as? Int
    #expect(report["output"] as? String == image)
    #expect(report["volumeName"] as? String == "Hello")
    #expect(report["imageBytes"] as? Int == size)
    #expect((report["fileCount"] as? Int ?? 0) >= 1 && (report["folderCount"] as? Int ?? 0) >= 1)
  }
}
