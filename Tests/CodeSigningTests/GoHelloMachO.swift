import CodeSigning
import Foundation
import ShipyardTestSupport

/// A real Mach-O made in the test (Go's darwin/amd64 cross-build of a hello world), and what its
/// load commands say, read here with a few lines of our own so that the facts the signature
/// builder gets do not come from the code under test.
struct GoHelloMachO {
  /// Whether Go is installed (see ``PeerPolicy``).
  static let shouldRun = PeerPolicy.shouldRun(
    whenAvailable: ProcessRunner.succeeds("go", ["version"]) && SigningPeers.shouldRun)

  /// Builds the hello world into `folder` as `hello` and returns its path.
  static func build(in folder: ScratchFolder) throws -> String {
    _ = try folder.write(
      Array("package main\n\nfunc main() { println(\"hello\") }\n".utf8), to: "main.go")
    try ProcessRunner.check(
      "bash",
      [
        "-c",
        "cd \"$1\" && GOOS=darwin GOARCH=amd64 CGO_ENABLED=0 go build -o hello main.go",
        "build", folder.url.path,
      ])
    return folder.path("hello")
  }

  /// The facts of a thin 64-bit little-endian Mach-O's layout, for `codeLimit`.
  static func facts(of bytes: [UInt8], codeLimit: Int) -> MachOCodeFacts {
    func u32(_ offset: Int) -> UInt32 {
      (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
    }
    func u64(_ offset: Int) -> UInt64 { UInt64(u32(offset)) | UInt64(u32(offset + 4)) << 32 }
    var textSize: UInt64 = 0
    var minimum: UInt32?
    var sdk: UInt32?
    var offset = 32
    for _ in 0..<u32(16) {
      let command = u32(offset)
      if command == 0x19, bytes[(offset + 8)..<(offset + 14)].elementsEqual("__TEXT".utf8),
        bytes[offset + 14] == 0
      {
        textSize = u64(offset + 48)
      } else if command == 0x32 {  // LC_BUILD_VERSION
        (minimum, sdk) = (u32(offset + 12), u32(offset + 16))
      } else if command == 0x24 {  // LC_VERSION_MIN_MACOSX
        (minimum, sdk) = (u32(offset + 8), u32(offset + 12))
      }
      offset += Int(u32(offset + 4))
    }
    return MachOCodeFacts(
      codeLimit: codeLimit, executableSegmentBase: 0, executableSegmentLimit: textSize,
      isMainExecutable: u32(12) == 2, sdkVersion: sdk,
      needsSHA1: (minimum ?? 0) < 0x000A_0B04)
  }

  /// Signs a copy of `path` with apple-platform-py (rcodesign's engine).
  ///
  /// Ad hoc, or with the test PKI's PEM identity; at `signingTime` (ISO 8601), no timestamp, hardened runtime. Returns the
  /// signed file's bytes and its superblob.
  static func signWithApplePlatform(
    _ path: String, as identifier: String, identity: Bool, entitlements: String?,
    signingTime: String, in folder: ScratchFolder
  ) throws -> (file: [UInt8], superblob: [UInt8]) {
    let output = folder.path(identity ? "peer-signed" : "peer-adhoc")
    let script = """
      import sys, shutil, json, apple_platform.signing as s, apple_platform.models as m
      import apple_platform.reading as r
      source, output, identifier, pem, entitlements, signing_time = sys.argv[1:7]
      shutil.copy(source, output)
      signer = m.Signer(pem=m.PemKey(files=[pem])) if pem else None
      s.sign(output, signer=signer, binary_identifier=identifier, code_signature_flags=["runtime"],
             signing_time=signing_time, timestamp_url="none",
             entitlements_xml_file=entitlements or None)
      entity = r.read_signature(output)[0]["entity"]["mach_o"]
      print(json.dumps([str(entity["macho_signature_start_offset"]).split()[0],
                        str(entity["macho_signature_end_offset"]).split()[0]]))
      """
    let printed = try ProcessRunner.check(
      "python3",
      [
        "-c", script, path, output, identifier, identity ? try TestPKI.path("identity.pem") : "",
        entitlements ?? "", signingTime,
      ])
    let range = try JSONDecoder().decode([String].self, from: printed).compactMap { Int($0) }
    let file = Array(try Data(contentsOf: URL(fileURLWithPath: output)))
    return (file, Array(file[range[0]..<range[1]]))
  }
}
