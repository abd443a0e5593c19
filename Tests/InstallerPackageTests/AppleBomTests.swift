import Foundation
import InstallerPackage
import ShipyardTestSupport
import Testing

/// A Bom Apple's tools made (python.org's installer of Python 3.9's applications, a test file
/// of apple-platform-rs's apple-bom, in the apple-platform-py 0.1.0 sdist the real-code corpus
/// fetches): BomReader reads every path as the Python reader written from the format's public
/// descriptions (Peers/check_bom.py) does, with Apple's variations: `._` sidecar records of
/// architecture 1, a universal Mach-O record of architecture 0x200F with its slices, a
/// carriage return in a name, a block table far larger than its blocks, an empty HLIndex.
@Suite(
  .enabled(
    if: PeerPolicy.shouldRun(
      whenAvailable: AppleBom.isAvailable),
    "needs the real-code corpus: run scripts/fetch-corpus.sh"))
struct AppleBomTests {
  @Test func everyPathIsWhatThePythonReaderReads() throws {
    let digest = String(
      decoding: try ProcessRunner.check("sha256sum", [AppleBom.url.path]), as: UTF8.self)
    #expect(digest.hasPrefix(AppleBom.sha256 + " "), "the corpus's Bom is not the pinned one")
    let records = try BomReader.records(in: Array(try Data(contentsOf: AppleBom.url)))
    let expected = try AppleBom.peerRecords()

    #expect(records.count == 54 && records.count == expected.count)
    for (record, peer) in zip(records, expected) {
      #expect(record.path == peer.path)
      let kind: BomRecord.Kind? =
        switch peer.type {
        case "file": .file
        case "dir": .folder
        case "link": .symbolicLink(target: peer.link)
        default: nil
        }
      #expect(record.kind == kind, "\(peer.path)")
      #expect(
        [
          record.mode == peer.mode, record.userID == peer.uid, record.groupID == peer.gid,
          record.modificationTime == peer.mtime, record.size == peer.size,
          record.checksum == peer.checksum, record.architecture == peer.arch,
        ] == Array(repeating: true, count: 7),
        "\(peer.path): \(record) against \(peer)")
    }
    #expect(records.contains { $0.path == "./Python 3.9/Icon\r" && $0.checksum == 0xFFFF_FFFF })
  }

  /// The universal Python Launcher's architectures, as the Python reader's `_fat_slices` reads
  /// them: x86_64 then arm64, each slice's size and cksum.
  @Test func aUniversalRecordKeepsItsArchitectures() throws {
    let records = try BomReader.records(in: Array(try Data(contentsOf: AppleBom.url)))
    let universal = records.filter { !$0.slices.isEmpty }
    #expect(
      universal.map(\.path) == ["./Python 3.9/Python Launcher.app/Contents/MacOS/Python Launcher"])
    let script = """
      import json, sys
      sys.dont_write_bytecode = True
      sys.path.insert(0, sys.argv[1])
      import check_bom
      bom = check_bom.Bom(open(sys.argv[2], "rb").read())
      print(json.dumps([e["slices"] for e in bom.paths if "slices" in e]))
      """
    let output = try ProcessRunner.check(
      "python3", ["-c", script, AppleBom.peer.deletingLastPathComponent().path, AppleBom.url.path])
    let slices = try JSONDecoder().decode([[[UInt32]]].self, from: output)
    #expect(
      universal.map { $0.slices.map { [$0.cpuType, $0.cpuSubtype, $0.size, $0.checksum] } }
        == slices)
    #expect(universal.first?.architecture == 0x200F)
    #expect(universal.first?.slices.map(\.cpuType) == [0x0100_0007, 0x0100_000C])
  }
}
