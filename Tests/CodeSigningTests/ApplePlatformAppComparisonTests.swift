import CodeSigning
import Foundation
import ShipyardTestSupport
import Testing

/// Must-show 3 of issue #18, the whole bundle: our signing of the Electron-shaped app against
/// apple-platform-py's (rcodesign's engine) of a copy, field by field.
///
/// Both sign with the same key and certificate, the same signing time, no timestamp, the
/// hardened runtime on every Mach-O and the same entitlements for the main executable; then every
/// slice's signature (code directories, requirements, entitlements) and every bundle's
/// CodeResources are compared (``SignatureDifferences``). The differences are an exact list, each
/// explained in ``expectedDifferences(_:resized:)`` with who is right: any other difference fails
/// the test.
@Suite(
  .enabled(
    if: ElectronAppFixture.shouldRun && SigningPeers.shouldRun,
    "needs the Mach-O fixtures' tools and python3 with apple-platform-py"))
struct ApplePlatformAppComparisonTests {
  /// Signs the app at argv[1] in place with the PEM identity argv[2], the entitlements file
  /// argv[3] for the main executable, at the time argv[4], without a timestamp; the hardened
  /// runtime for the main executable and, scoped by path, for each Mach-O file in argv[5...]
  /// (apple-platform-py does not carry the flag to nested code unscoped, reference §17).
  static let peerScript = """
    import sys, apple_platform as a
    app, pem, entitlements, time = sys.argv[1:5]
    scopes = {path: a.PathSettings(code_signature_flags=["runtime"]) for path in sys.argv[5:]}
    a.sign(app, signer=a.Signer(pem=a.PemKey(files=[pem])), signing_time=time,
           timestamp_url="none", entitlements_xml_file=entitlements,
           code_signature_flags=["runtime"], paths=scopes)
    """

  /// The folder of each seal in the app: the app's `Contents` and each nested bundle's.
  static func sealFolders(_ app: ElectronAppFixture) -> [String] {
    ["Contents"]
      + app.bundles.map {
        $0.infoPlist.hasSuffix("/Resources/Info.plist") ? $0.path : "\($0.path)/Contents"
      }
  }

  /// Every difference between our signing of `ours` and the peer's of `theirs`, as
  /// `<path> <architecture>: <field>` for slices and `<seal folder>: <field>` for seals; and the
  /// slices whose signature areas (`LC_CODE_SIGNATURE`'s `datasize`) differ in size.
  static func differences(_ ours: ElectronAppFixture, _ theirs: ElectronAppFixture) throws
    -> (differences: [String], resized: Set<String>)
  {
    var differences: [String] = []
    var resized: Set<String> = []
    for path in ours.machOFiles.keys.sorted() {
      let (mine, mineFile) = try read(ours.file(path), path: path)
      let (their, theirFile) = try read(theirs.file(path), path: path)
      #expect(mine.slices.map(\.architecture) == their.slices.map(\.architecture), "\(path)")
      for (index, (slice, peer)) in zip(mine.slices, their.slices).enumerated() {
        let name = "\(path) \(slice.architecture)"
        let signature = try #require(slice.signature, "\(name)")
        let peerSignature = try #require(peer.signature, "peer: \(name)")
        differences += try SignatureDifferences.slice(signature, peerSignature).map {
          "\(name): \($0)"
        }
        if mineFile.slices[index].macho.codeSignature?.dataSize
          != theirFile.slices[index].macho.codeSignature?.dataSize
        {
          resized.insert(name)
        }
      }
    }
    for folder in sealFolders(ours) {
      let file = "\(folder)/_CodeSignature/CodeResources"
      let mine = try CodeResources(
        plist: Array(try Data(contentsOf: ours.file(file))), path: "ours: \(file)")
      let their = try CodeResources(
        plist: Array(try Data(contentsOf: theirs.file(file))), path: "peer: \(file)")
      differences += SignatureDifferences.seal(mine, their).map { "\(folder): \($0)" }
    }
    return (differences, resized)
  }

  /// The signatures and the layout of the Mach-O file at `url`.
  static func read(_ url: URL, path: String) throws -> (MachOSignatureReader, MachOFile) {
    let bytes = Array(try Data(contentsOf: url))
    return (
      try MachOSignatureReader(bytes: bytes, path: path), try MachOFile(bytes: bytes, path: path)
    )
  }

  /// The differences expected, each with who is right and why.
  ///
  /// - Parameters:
  ///   - app: The fixture.
  ///   - resized: The slices whose signature areas the two signers sized differently.
  /// - Returns: Each difference, named as ``differences(_:_:)`` names them.
  static func expectedDifferences(_ app: ElectronAppFixture, resized: Set<String>) -> Set<String> {
    let main = app.mainExecutable
    let framework = app.bundles.first { $0.path.hasSuffix(".framework/Versions/A") }
    var expected: Set<String> = []
    for (path, machO) in app.machOFiles {
      for architecture in machO.architectures {
        let slice = "\(path) \(architecture)"
        // The main executable has a SHA-1 code directory in slot 0 and a SHA-256 one in 0x1000:
        // its x86_64 slice (Go) says minos 10.9, and one slice needing SHA-1 gives all slices
        // both (reference §4, §8); both signers agree, so the blob slots are the same.
        let directories = path == main ? ["cd 0x0", "cd 0x1000"] : ["cd 0x0"]
        for directory in directories {
          // 1. Team and designated requirement, in every slice. The test PKI's leaf carries
          //    the Developer ID markers (1.2.840.113635.100.6.1.13 under an intermediate with
          //    …6.2.6) and OU = TEAMID1234. We write the team ID from the OU and the Developer
          //    ID requirement, as Apple's tools do for a Developer ID certificate (reference §5,
          //    §9); apple-platform-py anchors nothing it does not know as Apple's, so it writes
          //    no team and `identifier … and certificate root = H"…"` (reference §5 "A
          //    non-Apple certificate", §17). For Developer ID signing we are right: the
          //    notary and Gatekeeper need the Developer ID requirement, library validation the
          //    team ID. The requirement blob differs, so does its special slot 2.
          expected.insert("\(slice): \(directory): team")
          expected.insert("\(slice): \(directory): special slot 2")
          // 2. Slot 3, the bundle's CodeResources: it differs wherever the seal holds nested
          //    code or signed Mach-O files (their cdhashes and bytes differ by 1): the app's and
          //    the framework's. The other bundles seal data only, and their slot 3 agrees.
          if path == main || path == framework?.executable {
            expected.insert("\(slice): \(directory): special slot 3")
          }
          // 3. The app's entitlements XML (slot 5, and its hash): apple-platform-py drops the
          //    file's final newline; the reference (§6) says the payload is "the XML text as
          //    given", which is what we write. We are right. The DER form (slot 7) agrees.
          if path == main { expected.insert("\(slice): \(directory): special slot 5") }
          // 4. The size of the signature area is the writer's choice, any size that holds the
          //    superblob (reference §1, step 2: an estimate rounded up to 1 KiB). Where the two
          //    estimates differ, LC_CODE_SIGNATURE's datasize and __LINKEDIT's filesize differ,
          //    and both are in the load commands, in page 0: that page's hash, and no other.
          //    Neither is wrong.
          if resized.contains(slice) { expected.insert("\(slice): \(directory): code slots 0..0") }
        }
        expected.insert("\(slice): requirements")
        if path == main { expected.insert("\(slice): entitlements XML") }
      }
    }
    // 5. The seals, as a consequence of 1: nested code is sealed by its cdhash and its
    //    designated requirement as text (reference §12), both different where the code's
    //    signature is; signed Mach-O files outside the nested locations (reference §10) are
    //    sealed as plain files, and their bytes differ. The hash fields present follow each
    //    seal's digests: the app's seal carries SHA-1 `hash` beside `hash2` (its main executable
    //    has SHA-1 code directories), the framework's SHA-256 only; `files` (v1) holds only
    //    what its rules cover, `Resources/`. Everything else agrees: every data file's hashes,
    //    the symbolic links, the omitted and optional entries, `rules` and `rules2`.
    for bundle in [
      "Frameworks/Demo Framework.framework", "Frameworks/Demo Helper (Renderer).app",
      "Frameworks/Demo Helper.app", "Library/LoginItems/Demo Login.app", "PlugIns/Demo.plugin",
    ] {
      expected.insert("Contents: files2 \(bundle): cdhash")
      expected.insert("Contents: files2 \(bundle): requirement")
    }
    expected.formUnion([
      "Contents: files Resources/native.node: hash",
      "Contents: files2 Resources/native.node: hash",
      "Contents: files2 Resources/native.node: hash2",
    ])
    if let framework {
      expected.formUnion([
        "\(framework.path): files2 Helpers/demo_crashpad_handler: cdhash",
        "\(framework.path): files2 Helpers/demo_crashpad_handler: requirement",
        "\(framework.path): files2 Libraries/libffmpeg.dylib: hash2",
      ])
    }
    return expected
  }

  @Test func ourSigningIsThePeersButForTheDifferencesExplained() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let ours = try ElectronAppFixture.write(in: folder.file("ours"))
    let theirs = try ours.copy(into: try Self.made(folder.file("theirs")))
    _ = try await NativeAppSigning.sign(ours.url, identity: try NativeAppSigning.identity())
    let entitlements = try folder.write(NativeAppSigning.entitlements, to: "entitlements.plist")
    let time = ISO8601DateFormatter().string(from: NativeAppSigning.signingTime)
    try ProcessRunner.check(
      "python3",
      [
        "-c", Self.peerScript, theirs.url.path, try TestPKI.path("identity.pem"),
        entitlements.path, time,
      ] + theirs.machOFiles.keys.sorted())

    let (differences, resized) = try Self.differences(ours, theirs)
    let expected = Self.expectedDifferences(ours, resized: resized)
    let found = Set(differences)
    #expect(found.count == differences.count, "each difference is named once")
    #expect(
      found.subtracting(expected).sorted() == [], "differences not explained (a regression?)")
    #expect(expected.subtracting(found).sorted() == [], "differences explained but not found")
  }

  /// Makes the folder at `url` and returns it.
  static func made(_ url: URL) throws -> URL {
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
