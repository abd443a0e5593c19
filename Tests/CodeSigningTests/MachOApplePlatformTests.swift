import CodeSigning
import Foundation
import ShipyardTestSupport
import Testing

/// Our reader on signatures apple-platform-py (rcodesign's engine) made, and our signer on its
/// synthetic Mach-O files: the two sides agree on where signatures go and what they cover.
@Suite(
  .enabled(if: MachOFixtureBuilds.Tools.runApplePlatform, "needs python3 with apple-platform-py"))
struct MachOApplePlatformTests {
  /// apple-platform-py's synthetic Mach-O (`aarch64`/`x86_64`, `executable`/`dylib`), signed ad
  /// hoc by it as `com.example.peer` when `signed`.
  static func synthetic(_ architecture: String, _ kind: String, signed: Bool) throws -> [UInt8] {
    let script = """
      import sys, apple_platform
      data = apple_platform.macho.create_synthetic(sys.argv[1], sys.argv[2])
      if sys.argv[3] == "1":
          data = apple_platform.sign_macho_bytes(data, binary_identifier="com.example.peer")
      sys.stdout.buffer.write(data)
      """
    return Array(
      try ProcessRunner.check("python3", ["-c", script, architecture, kind, signed ? "1" : "0"]))
  }

  static let cases = [("aarch64", "executable"), ("aarch64", "dylib"), ("x86_64", "executable")]

  @Test(arguments: cases)
  func readsItsSignaturesAsValid(architecture: String, kind: String) throws {
    let bytes = try Self.synthetic(architecture, kind, signed: true)
    let reader = try MachOSignatureReader(bytes: bytes, path: "peer-signed")
    let slice = try #require(reader.slices.first)
    #expect(slice.isValid, "\(slice.findings.filter { !$0.ok })")
    #expect(slice.codeDirectories.first?.identifier == "com.example.peer")
    var changed = bytes
    changed[100] ^= 0x01
    let damaged = try MachOSignatureReader(bytes: changed, path: "peer-signed")
    #expect(
      damaged.slices.first?.findings.filter { !$0.ok }.map(\.check.description).first?.hasPrefix(
        "code digest")
        == true)
  }

  @Test(arguments: cases)
  func itVerifiesWhatWeSignOfItsFiles(architecture: String, kind: String) async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let bytes = try Self.synthetic(architecture, kind, signed: false)
    let signed = try await MachOSigner(maker: AdHocSliceMaker()).sign(bytes, path: "synthetic")
    let file = try folder.write(signed.bytes, to: "signed")
    #expect(try MachOPeers.verifyProblems(file.path) == [])
    #expect(
      try MachOPeers.codeDirectories(file.path).allSatisfy { $0.hasPrefix("com.example.tool/") })
  }
}
