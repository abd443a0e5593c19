import DiskImage
import Foundation
import ShipyardTestSupport
import StagedTree
import Testing

/// Resource forks and large attributes, as 7-Zip extracts them from whole images.
@Suite(
  .enabled(
    if: PeerPolicy.shouldRun(whenAvailable: ProcessRunner.succeeds("7zz", ["i"])),
    "needs 7zz (apt 7zip)"))
struct HFSPlusForkPeerTests {
  static func randomBytes(_ count: Int) -> [UInt8] {
    var generator = SystemRandomNumberGenerator()
    return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
  }

  @Test(arguments: [ImageFormat.udzo, .ulmo])
  func sevenZipExtractsResourceForksAndLargeAttributesExactly(format: ImageFormat) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let fork = Self.randomBytes(70_000)
    let large = Self.randomBytes(3_803)
    let huge = Self.randomBytes(200_000)
    var legacy = SourceItem(
      name: "legacy", content: .data(Array("data fork".utf8)), permissions: 0o644,
      modificationDate: 1_700_000_000,
      extendedAttributes: [("com.example.large", large), ("com.example.huge", huge)])
    legacy.resourceFork = fork
    let image = folder.path("forks.dmg")
    try HFSPlusImage.write([legacy], volumeName: "Forks", format: format, to: image)

    let test = try ProcessRunner.run("7zz", ["t", "-tdmg", image])
    let output = String(decoding: test.standardOutput, as: UTF8.self) + test.standardError
    #expect(test.status == 0 && output.contains("Everything is Ok"), "\(output)")
    // -sns- leaves the alternate streams out of the data fork.
    #expect(
      try ProcessRunner.check("7zz", ["e", "-y", "-so", "-sns-", image, "Forks/legacy"])
        == Data("data fork".utf8))
    #expect(
      try ProcessRunner.check("7zz", ["e", "-y", "-so", image, "Forks/legacy:rsrc"]) == Data(fork))
    #expect(
      try ProcessRunner.check("7zz", ["e", "-y", "-so", image, "Forks/legacy:com.example.large"])
        == Data(large))
    #expect(
      try ProcessRunner.check("7zz", ["e", "-y", "-so", image, "Forks/legacy:com.example.huge"])
        == Data(huge))
  }
}
