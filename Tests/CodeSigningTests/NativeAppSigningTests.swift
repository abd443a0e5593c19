import CodeSigning
import Foundation
import ShipyardTestSupport
import Testing

/// ``NativeCodeItemSigner`` driven by ``BundleSigner`` over the Electron-shaped app: every Mach-O
/// slice is signed (apple-platform-py's `verify_macho` finds nothing wrong), every bundle's seal
/// holds, and a second signing with the same signing time gives the same bytes.
@Suite(
  .enabled(
    if: ElectronAppFixture.shouldRun && SigningPeers.shouldRun,
    "needs the Mach-O fixtures' tools and apple-platform-py"))
struct NativeAppSigningTests {
  @Test func everySliceAndEverySealOfTheAppHolds() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let fixture = try ElectronAppFixture.write(in: folder.url)
    let outcome = try await NativeAppSigning.sign(
      fixture.url, identity: try NativeAppSigning.identity())

    // Each file's signature, and each bundle's by its folder.
    #expect(Set(outcome.signatures.keys).isSuperset(of: fixture.machOFiles.keys))
    for path in fixture.machOFiles.keys.sorted() {
      let file = fixture.file(path)
      #expect(try MachOPeers.verifyProblems(file.path) == [], "\(path)")
      let reader = try MachOSignatureReader(
        bytes: Array(try Data(contentsOf: file)), path: path)
      for slice in reader.slices {
        let directory = try #require(slice.codeDirectories.first, "\(path) \(slice.architecture)")
        #expect(directory.hasHardenedRuntime, "\(path) \(slice.architecture)")
        #expect(directory.teamIdentifier == "TEAMID1234")
      }
    }
    let layout = try BundleLayout(scanning: fixture.url)
    for bundle in layout.bundles {
      let check = try BundleSealCheck(bundle, in: fixture.url) { url in
        let reader = try MachOSignatureReader(
          bytes: Array(try Data(contentsOf: url)), path: url.path)
        return reader.slices.first?.codeDirectories.last.map { Array($0.cdhash.prefix(20)) }
      }
      #expect(check.holds, "\(bundle.sealedAs): \(check.findings.filter { !$0.ok })")
    }
  }

  @Test func signingTwiceWithOneSigningTimeGivesTheSameBytes() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let first = try ElectronAppFixture.write(in: folder.url.appendingPathComponent("one"))
    let second = try ElectronAppFixture.write(in: folder.url.appendingPathComponent("two"))
    let identity = try NativeAppSigning.identity()
    _ = try await NativeAppSigning.sign(first.url, identity: identity)
    _ = try await NativeAppSigning.sign(second.url, identity: identity)
    for path in first.machOFiles.keys.sorted() + ["Contents/_CodeSignature/CodeResources"] {
      #expect(
        try Data(contentsOf: first.file(path)) == Data(contentsOf: second.file(path)), "\(path)")
    }
  }
}
