import CodeSigning
import Foundation
import ShipyardTestSupport
import Testing

/// The lld-linked arm64 fixtures.
private let linkerSigned: [MachOFixture] = [.dylibArm64, .executableArm64]

/// The ad hoc signature lld writes into every arm64 output, read by our reader.
///
/// `ld64.lld` pads the superblob after its index, which the reader accepts as Apple's does, so
/// the slice is signed (by the linker) and not Developer ID rather than a damaged superblob;
/// apple-platform-py reads the same code directory and finds every page digest good.
@Suite(
  .enabled(
    if: MachOFixture.shouldRun(linkerSigned, peers: [.lief])
      && SigningPeers.shouldRun,
    "needs clang, ld64.lld, python3 with lief and apple-platform-py"))
struct LinkerSignatureTests {
  /// `CS_ADHOC | CS_LINKER_SIGNED`.
  static let linkerSignedFlags: UInt32 = 0x2_0002

  @Test(arguments: linkerSigned)
  func lldsSignatureReadsAndItsPagesVerify(_ fixture: MachOFixture) throws {
    let url = try fixture.url
    let bytes = try fixture.bytes()
    // The superblob's first blob does not follow its index back to back (what the reader
    // refused before): lld aligns it.
    let dataOffset = try #require(MachOPeers.lief(url.path).first?.codeSignature?.first)
    func word(_ offset: Int) -> Int {
      bytes[dataOffset + offset..<dataOffset + offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }
    #expect(word(16) > 12 + 8 * word(8), "lld now packs the blobs: this test no longer bites")

    let reader = try MachOSignatureReader(bytes: bytes, path: url.lastPathComponent)
    let slice = try #require(reader.slices.first)
    #expect(reader.slices.count == 1 && slice.architecture == "arm64")
    #expect(slice.isValid, "\(slice.findings.filter { !$0.ok })")
    #expect(slice.findings.contains { $0.check == .codeDigest(hash: "sha256") && $0.ok })
    let directory = try #require(slice.codeDirectories.first)
    #expect(directory.flags == Self.linkerSignedFlags && directory.isAdHoc)
    #expect(directory.codeLimit == Int64(dataOffset))
    #expect(slice.trust == nil && !slice.isTimestamped)
    // apple-platform-py reads the same directory and finds no damage.
    #expect(
      try MachOPeers.codeDirectories(url.path)
        == ["\(directory.identifier)/\(directory.codeDigests.count)/\(directory.hashType)"])
    #expect(try MachOPeers.verifyProblems(url.path) == [])
  }

  @Test(arguments: linkerSigned)
  func theAppCheckCallsItSignedButNotDeveloperID(_ fixture: MachOFixture) throws {
    let check = try AppSignatureCheck(url: try fixture.url, policy: TrustPolicy())
    #expect(check.problems.isEmpty, "\(check.problems)")
    let item = try #require(check.items.first)
    #expect(item.identifier != nil && item.slices.map(\.flags) == [Self.linkerSignedFlags])
    var expected = [NotaryPreflight.Message.notDeveloperID, NotaryPreflight.Message.noTimestamp]
    if fixture == .executableArm64 { expected.append(NotaryPreflight.Message.noHardenedRuntime) }
    #expect(check.notaryIssues.map(\.message) == expected)
    #expect(check.notaryIssues.allSatisfy { $0.architecture == "arm64" })
  }
}
