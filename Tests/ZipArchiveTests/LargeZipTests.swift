import Foundation
import ShipyardTestSupport
import Testing
import ZipArchive

/// A file over 4 GiB gets Zip64 sizes and offsets; it writes a 4.1 GiB sparse file and reads
/// the whole zip back, so it runs only when `SHIPYARD_LARGE_TESTS=1`.
@Suite(
  .enabled(
    if: ProcessInfo.processInfo.environment["SHIPYARD_LARGE_TESTS"] == "1"
      && PeerPolicy.shouldRun(whenAvailable: ZipPeers.available),
    "set SHIPYARD_LARGE_TESTS=1 to zip a 4.1 GiB file"))
struct LargeZipTests {
  @Test func aFileOver4GiBGetsZip64SizesThatUnzipAndPythonRead() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let app = folder.path("Big.app")
    try FileManager.default.createDirectory(
      atPath: app + "/Contents/Resources", withIntermediateDirectories: true)
    let big = app + "/Contents/Resources/big.bin"
    let size: Int64 = (4 << 30) + (100 << 20)
    #expect(FileManager.default.createFile(atPath: big, contents: Data("start".utf8)))
    #expect(truncate(big, off_t(size)) == 0)
    try Data("small".utf8).write(to: URL(fileURLWithPath: app + "/Contents/after.txt"))
    let zip = folder.path("Big.zip")
    try ZipArchiver.archive(app, to: zip)
    let tested = try ProcessRunner.run("unzip", ["-tq", zip])
    #expect(tested.status == 0, "\(String(decoding: tested.standardOutput, as: UTF8.self))")
    let sizes = try ProcessRunner.check(
      "python3",
      [
        "-c",
        "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); "
          + "print(z.getinfo('Big.app/Contents/Resources/big.bin').file_size, "
          + "z.read('Big.app/Contents/after.txt').decode())",
        zip,
      ])
    #expect(String(decoding: sizes, as: UTF8.self) == "\(size) small\n")
  }
}
