import Foundation
import ShipyardTestSupport
import Testing
import ZipArchive

/// Zips written by Info-ZIP's `zip` (symbolic links stored as links with `-y`, Zip64 forced
/// with `-fz`), read by the reader and by Python's `zipfile`: the same entries, kinds and bytes.
@Suite(
  .enabled(
    if: PeerPolicy.shouldRun(
      whenAvailable: PythonZips.shouldRun && ProcessRunner.succeeds("zip", ["-v"])),
    "needs Info-ZIP's zip and python3"))
struct InfoZipTests {
  @Test(arguments: [[], ["-fz"], ["-0"]])
  func readsWhatInfoZipWroteAsPythonDoes(flags: [String]) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let app = scratch.url.appendingPathComponent("Hello.app/Contents/MacOS")
    try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
    for (name, bytes) in PythonZips.files {
      let url = scratch.file(name)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(bytes).write(to: url)
    }
    try FileManager.default.createSymbolicLink(
      atPath: scratch.path("Hello.app/Contents/Link"), withDestinationPath: "MacOS/Hello")
    let archive = scratch.path("Hello.zip")
    let made = try ProcessRunner.run(
      "sh",
      ["-c", "cd \"$1\" && shift && zip -q -r -y -X \"$@\"", "sh", scratch.url.path] + flags + [
        archive, "Hello.app",
      ])
    #expect(made.status == 0, "\(made.standardError)")

    let script = """
      import base64, json, stat, sys, zipfile
      with zipfile.ZipFile(sys.argv[1]) as archive:
          print(json.dumps([[i.filename, stat.S_ISLNK(i.external_attr >> 16),
                             base64.b64encode(archive.read(i)).decode()] for i in archive.infolist()]))
      """
    let peer = try #require(
      try JSONSerialization.jsonObject(
        with: ProcessRunner.check("python3", ["-c", script, archive]))
        as? [[Any]])
    let reader = try ZipReader(path: archive)
    #expect(reader.entries.map(\.name) == peer.compactMap { $0[0] as? String })
    for (entry, expected) in zip(reader.entries, peer) {
      #expect(entry.isSymbolicLink == expected[1] as? Bool, "\(entry.name)")
      #expect(
        Data(try reader.contents(of: entry)).base64EncodedString() == expected[2] as? String,
        "\(entry.name)")
    }
    #expect(reader.entries.contains { $0.isSymbolicLink })
  }
}
