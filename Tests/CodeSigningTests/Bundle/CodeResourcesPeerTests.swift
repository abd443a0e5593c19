import CodeSigning
import Digests
import Foundation
import ShipyardTestSupport
import Testing

/// The peers of the bundle tests: Go (to cross-build a real Mach-O) and apple-platform-py.
enum BundlePeers {
  /// Whether the peer tests run (see ``PeerPolicy``).
  static let shouldRun = PeerPolicy.shouldRun(
    whenAvailable: ProcessRunner.succeeds("go", ["version"])
      && ProcessRunner.succeeds("python3", ["-c", "import apple_platform"]))
}

/// CodeResourcesBuilder against apple-platform-py (rcodesign's engine), which seals the same
/// bundle: a Go-built Mach-O main executable and helper, a versioned framework, data resources.
///
/// The peer signs a copy ad hoc; we seal the peer's signed tree ourselves (so that the signed
/// nested code is the same bytes) and compare the two CodeResources files byte for byte, after
/// the two differences below, each of which the reference decides in our favour.
@Suite(.enabled(if: BundlePeers.shouldRun, "needs go, python3 with apple-platform-py"))
struct CodeResourcesPeerTests {
  /// Signs `app` in place ad hoc, then prints each of `binaries`' cdhashes (hex, slot order:
  /// the SHA-1 code directory, then the SHA-256 one truncated to 20 bytes).
  static let peerScript = """
    import json, sys, apple_platform.signing as s, apple_platform.reading as r
    s.sign(sys.argv[1], signing_time="2025-01-01T00:00:00Z", timestamp_url="none")
    out = {}
    for path in sys.argv[2:]:
        blobs = [b for e in r.find_values(r.read_signature(path), "blobs") for b in e]
        cds = [b for b in blobs if b["magic"] == "fade0c02"]
        out[path] = [b["sha1"] if i == 0 else b["sha256"][:40] for i, b in enumerate(cds)]
    print(json.dumps(out))
    """

  /// A Go program cross-built for macOS x86_64 (unsigned, minos 10.9: SHA-1 + SHA-256).
  static func goBinary(in folder: ScratchFolder) throws -> [UInt8] {
    let source = try folder.write(
      Array("package main\nfunc main() { println(\"hi\") }\n".utf8), to: "main.go")
    let output = folder.path("hello")
    try ProcessRunner.check(
      "GOOS=darwin", ["GOARCH=amd64", "CGO_ENABLED=0", "go", "build", "-o", output, source.path])
    return Array(try Data(contentsOf: URL(fileURLWithPath: output)))
  }

  @Test func ourSealOfThePeersSignedTreeIsItsSealByteForByte() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let binary = try Self.goBinary(in: folder)
    let app = folder.file("Peer.app")
    try BundleFixture.write(
      BundleFixture.infoPlist(executable: "Peer", identifier: "com.example.peer"),
      "Contents/Info.plist",
      in: app)
    try BundleFixture.write(Array("APPL????".utf8), "Contents/PkgInfo", in: app)
    try BundleFixture.write(binary, "Contents/MacOS/Peer", in: app)
    try BundleFixture.write(binary, "Contents/MacOS/helper", in: app)
    for (path, text) in [
      ("data.txt", "data"), ("en.lproj/Localizable.strings", "x"), ("Base.lproj/Main.strings", "y"),
      ("en.lproj/locversion.plist", "z"), (".DS_Store", ""), ("sub dir/a&b <c>.txt", "escaped"),
    ] {
      try BundleFixture.write(Array(text.utf8), "Contents/Resources/\(path)", in: app)
    }
    try BundleFixture.link("Contents/Resources/link.txt", to: "data.txt", in: app)
    try BundleFixture.framework(
      "Contents/Frameworks/F.framework", name: "F", identifier: "com.example.f",
      extra: ["Resources/f.txt": Array("f".utf8)], in: app)
    try FileManager.default.removeItem(
      at: app.appendingPathComponent("Contents/Frameworks/F.framework/Versions/A/F"))
    try BundleFixture.write(binary, "Contents/Frameworks/F.framework/Versions/A/F", in: app)

    let helper = app.appendingPathComponent("Contents/MacOS/helper").path
    let framework = app.appendingPathComponent("Contents/Frameworks/F.framework/Versions/A/F").path
    let printed = try ProcessRunner.check(
      "python3", ["-c", Self.peerScript, app.path, helper, framework])
    let cdhashes = try JSONDecoder().decode([String: [String]].self, from: printed)
    func signed(_ path: String) throws -> CodeSigning.SignedCode {
      let all = try #require(cdhashes[path]).map { hex in
        stride(from: 0, to: hex.count, by: 2).map { offset -> UInt8 in
          let start = hex.index(hex.startIndex, offsetBy: offset)
          return UInt8(hex[start..<hex.index(start, offsetBy: 2)], radix: 16) ?? 0
        }
      }
      return CodeSigning.SignedCode(
        cdhash: try #require(all.last), designatedRequirement: "", allCDHashes: all, usesSHA1: true,
        isAdHoc: true)
    }
    let nested = [
      "MacOS/helper": try signed(helper), "Frameworks/F.framework": try signed(framework),
    ]

    let contents = app.appendingPathComponent("Contents")
    let peer = String(
      decoding: try Data(
        contentsOf: contents.appendingPathComponent("_CodeSignature/CodeResources")),
      as: UTF8.self)
    let ours = try CodeResourcesBuilder(rules: .deep, includeSHA1: true).build(
      contentFolder: contents, mainExecutable: "MacOS/Peer"
    ) { nested[$0] }

    // Difference 1: the peer puts `Resources/en.lproj/locversion.plist` in `files` (v1). The v1
    // rule `^Resources/.*\.lproj/locversion.plist$` is {omit, weight 1100} (reference §12), and
    // an omitted file is not sealed; the peer applies `omit` to rules2 only. We are right.
    let locversion =
      "\t\t<key>Resources/en.lproj/locversion.plist</key>\n\t\t<data>\n\t\t"
      + ExpectedSeal.hash("z", .sha1) + "\n\t\t</data>\n"
    #expect(peer.contains(locversion))
    // Difference 2: for ad hoc nested code the peer writes `(cdhash H"…") or (cdhash H"…")`;
    // the reference (§12) gives `cdhash H"…" or cdhash H"…"`, which is also how Apple's
    // requirement printer writes an `or` at the top level (parentheses only where precedence
    // needs them; `codesign -d -r-` prints ad hoc code's implied requirement that way). We
    // follow the reference.
    let adjusted = peer.replacingOccurrences(of: locversion, with: "")
      .replacingOccurrences(of: "(cdhash H\"", with: "cdhash H\"")
      .replacingOccurrences(of: "\")", with: "\"")
    // Everything else is the same bytes: hashes (SHA-1 `hash` beside `hash2`, as the Go binary's
    // minos 10.9 gives SHA-1 code directories), symlink, nested code, the omitted `.DS_Store`,
    // `Info.plist` and `PkgInfo`, the optional and Base lproj files, escaping, the 5 rules and
    // 13 rules2, tabs, base64 lines and the trailing newline.
    #expect(String(decoding: ours.xml, as: UTF8.self) == adjusted)
    // And the peer's file reads back into the same seal, but for those two differences.
    var peerSeal = try CodeResources(plist: Array(peer.utf8), path: "peer CodeResources")
    #expect(peerSeal.files.removeValue(forKey: "Resources/en.lproj/locversion.plist") != nil)
    #expect(peerSeal.files == ours.files)
    #expect(Set(peerSeal.files2.keys) == Set(ours.files2.keys))
    #expect(
      peerSeal.files2.filter { !$0.value.isNestedCode }
        == ours.files2.filter { !$0.value.isNestedCode })
    #expect(peerSeal.files2["MacOS/helper"]?.cdhash == nested["MacOS/helper"]?.cdhash)

    // The framework version's seal (no nested code, no locversion file) is the same bytes as it
    // is: `Resources/Info.plist` sealed in both `files` and `files2`, the binary left out.
    let version = contents.appendingPathComponent("Frameworks/F.framework/Versions/A")
    let peerVersion = try Data(
      contentsOf: version.appendingPathComponent("_CodeSignature/CodeResources"))
    let ourVersion = try CodeResourcesBuilder(rules: .deep, includeSHA1: true).build(
      contentFolder: version, mainExecutable: "F"
    ) { _ in nil }
    #expect(ourVersion.xml == Array(peerVersion))
  }
}
