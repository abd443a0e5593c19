import Distribution
import Foundation
import ShipyardTestSupport
import Testing
import XarArchive

/// The Bom Apple's tools made (python.org's installer of Python 3.9's applications, in the
/// real-code corpus) in a component package, inspected: every path, with Apple's `._` sidecar
/// records and a universal Mach-O among them, is what the Python reader written from the
/// format's public descriptions (InstallerPackageTests/Peers/check_bom.py) reads.
@Suite(
  .enabled(
    if: PeerPolicy.shouldRun(whenAvailable: AppleBom.isAvailable),
    "needs the real-code corpus: run scripts/fetch-corpus.sh"))
struct PackageInspectionAppleBomTests {
  @Test func everyPathIsWhatThePythonReaderReads() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let bom = [UInt8](try Data(contentsOf: AppleBom.url))
    let path = folder.path("Python.pkg")
    try XarWriter(creationTime: 0).write(
      [
        .file("Bom", .bytes(bom), encoding: .zlib, modificationTime: 0),
        .file(
          "PackageInfo",
          .bytes(
            Array(
              #"<pkg-info identifier="org.python.Python.PythonApplications-3.9" version="3.9"/>"#
                .utf8)),
          encoding: .zlib, modificationTime: 0),
      ], to: path)
    let inspection = try PackageInspection(path: path)
    let expected = try AppleBom.peerRecords()

    let paths = try #require(inspection.components.first?.paths)
    #expect(paths.count == 54 && paths.count == expected.count)
    let kinds: [String: PackageInspection.BomPath.Kind] = [
      "file": .file, "dir": .folder, "link": .symbolicLink,
    ]
    for (path, peer) in zip(paths, expected) {
      #expect(path.path == peer.path)
      #expect(path.kind == kinds[peer.type], "\(peer.path)")
      #expect(path.mode == String(peer.mode, radix: 8), "\(peer.path)")
      #expect(path.uid == peer.uid && path.gid == peer.gid, "\(peer.path)")
      #expect(path.size == peer.size, "\(peer.path)")
      #expect(path.checksum == (peer.type == "dir" ? nil : peer.checksum), "\(peer.path)")
      #expect(path.linkTarget == (peer.type == "link" ? peer.link : nil), "\(peer.path)")
    }
    #expect(inspection.components.first?.packageInfo?.installLocation == "/")
  }
}
