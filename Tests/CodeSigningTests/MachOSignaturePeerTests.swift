import CodeSigning
import Digests
import Foundation
import ShipyardTestSupport
import Testing

/// Our Mach-O signature against its peers: apple-platform-py's signing of the same Go binary
/// (code directories field by field), `openssl cms -verify` and `openssl asn1parse` on the CMS,
/// and the size estimate against real signatures with and without a timestamp.
@Suite(
  .enabled(if: GoHelloMachO.shouldRun, "needs go, python3 with apple-platform-py, and openssl"))
struct MachOSignaturePeerTests {
  /// A whole second inside the test certificates' validity, as both signers are given it.
  static let signingTime = Date(
    timeIntervalSince1970: SignedCode.signingTime.timeIntervalSince1970.rounded(.down))

  /// The signing time as `yyMMddHHmmss'Z'` (a UTCTime) or ISO 8601.
  static func signingTimeText(iso: Bool) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = iso ? "yyyy-MM-dd'T'HH:mm:ss'Z'" : "yyMMddHHmmss'Z'"
    return formatter.string(from: signingTime)
  }

  static func request(
    identity: SignerIdentity?, timestamper: CodeSignatureBuilder.Timestamper? = nil
  )
    -> CodeSigningRequest
  {
    CodeSigningRequest(
      identifier: "com.example.hello", identity: identity, timestamper: timestamper,
      signingTime: signingTime)
  }

  /// Signs `file`'s first `codeLimit` bytes with our builder.
  static func sign(_ file: [UInt8], codeLimit: Int, request: CodeSigningRequest) async throws
    -> (MachOSignature, MachOCodeFacts)
  {
    let facts = GoHelloMachO.facts(of: file, codeLimit: codeLimit)
    let signature = try await MachOSignatureBuilder(request: request).signature(
      code: SliceCode(file[0..<codeLimit]), facts: facts)
    return (signature, facts)
  }

  /// The Go binary built in `folder` and signed there by apple-platform-py: the signed file, its
  /// superblob read back, and the code limit of its code directories.
  static func peerSigned(identity: Bool, entitlements: String? = nil, in folder: ScratchFolder)
    throws -> (file: [UInt8], theirs: EmbeddedSignature, codeLimit: Int)
  {
    let peer = try GoHelloMachO.signWithApplePlatform(
      try GoHelloMachO.build(in: folder), as: "com.example.hello", identity: identity,
      entitlements: entitlements, signingTime: signingTimeText(iso: true), in: folder)
    let theirs = try EmbeddedSignature(peer.superblob)
    let first = try CodeDirectory(try #require(theirs[.codeDirectory]))
    return (peer.file, theirs, Int(first.codeLimit))
  }

  /// apple-platform-py signs the Go binary ad hoc; we sign its prepared bytes (same code limit,
  /// same load commands) with the same facts, and every code directory is byte-identical.
  @Test func adHocCodeDirectoriesMatchApplePlatform() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let peer = try Self.peerSigned(identity: false, in: folder)
    let (ours, facts) = try await Self.sign(
      peer.file, codeLimit: peer.codeLimit, request: Self.request(identity: nil))
    #expect(facts.needsSHA1 && facts.isMainExecutable && facts.sdkVersion == 0x000A_0900)
    let mine = try EmbeddedSignature(ours.superblob)
    #expect(mine.blobs.keys.sorted() == peer.theirs.blobs.keys.sorted())
    #expect(
      ours.codeDirectories == [
        try #require(peer.theirs[.codeDirectory]),
        try #require(peer.theirs[.alternateCodeDirectory]),
      ])
    #expect(mine.blobs == peer.theirs.blobs)
  }

  /// With entitlements, the DER blob (slot 7) and the exec-segment flags are apple-platform-py's.
  ///
  /// The entitlements have a nested dictionary, an array, integers that need a sign byte and an
  /// entity. The XML blob (slot 5) differs by one byte: apple-platform-py drops the file's final
  /// newline, we keep the XML as given (reference §6: "the XML text as given").
  @Test func entitlementsBlobsMatchApplePlatform() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let xml = EntitlementsTests.plist(
      """
      <dict>
      	<key>com.apple.security.cs.allow-jit</key>
      	<true/>
      	<key>com.apple.security.application-groups</key>
      	<array>
      		<string>TEAMID1234.group</string>
      		<string>b &amp; c</string>
      	</array>
      	<key>Zeta</key>
      	<dict>
      		<key>n</key>
      		<integer>128</integer>
      		<key>m</key>
      		<integer>-129</integer>
      		<key>f</key>
      		<false/>
      	</dict>
      	<key>dynamic-codesigning</key>
      	<true/>
      </dict>
      """)
    let file = try folder.write(xml, to: "entitlements.plist")
    let peer = try Self.peerSigned(identity: false, entitlements: file.path, in: folder)
    let theirs = peer.theirs
    var request = Self.request(identity: nil)
    request.entitlementsXML = xml
    let (ours, _) = try await Self.sign(peer.file, codeLimit: peer.codeLimit, request: request)
    let mine = try EmbeddedSignature(ours.superblob)
    #expect(mine.blobs.keys.sorted() == [0, 2, 5, 7, 0x1000, 0x10000])
    #expect(mine.blobs.keys.sorted() == theirs.blobs.keys.sorted())
    #expect(mine.blobs[7] == theirs.blobs[7])
    #expect(Array(try #require(mine.blobs[5]).dropFirst(8)) == xml)
    #expect(Array(try #require(theirs.blobs[5]).dropFirst(8)) == Array(xml.dropLast()))
    let cd = try #require(mine[.codeDirectory])
    #expect(cd[0x50..<0x58] == (try #require(theirs[.codeDirectory]))[0x50..<0x58])
    #expect(MachOSignatureLayoutTests.integer(cd, at: 0x50, as: UInt64.self) == 0x41)
  }

  /// The same with the test PKI's identity: the same code directories but for the team.
  ///
  /// The differences, both by design (reference §5, §9): we write the team ID (the leaf's OU) and the Developer ID requirement, apple-platform-py
  /// (seeing no Apple root) writes no team ID and `certificate root = H"…"`. Everything else in
  /// the code directories is the same, and the peer verifies our signature.
  @Test func identityCodeDirectoriesMatchApplePlatformButForTheTeam() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let peer = try Self.peerSigned(identity: true, in: folder)
    let theirDirectories = [
      try CodeDirectory(try #require(peer.theirs[.codeDirectory])),
      try CodeDirectory(try #require(peer.theirs[.alternateCodeDirectory])),
    ]
    let (ours, _) = try await Self.sign(
      peer.file, codeLimit: peer.codeLimit,
      request: Self.request(identity: try SignedCode.identity()))
    for (mine, their) in zip(
      try ours.codeDirectories.map { try CodeDirectory($0) }, theirDirectories)
    {
      // Field by field, as the whole app's comparison (ApplePlatformAppComparisonTests): the
      // team, and the requirements' slot (the Developer ID requirement against the peer's
      // `certificate root`).
      #expect(SignatureDifferences.codeDirectory(mine, their) == ["team", "special slot 2"])
      #expect(mine.flags == 0x10000 && mine.specialDigests.count == 2)
      #expect(mine.teamIdentifier == "TEAMID1234" && their.teamIdentifier == nil)
      // The header past the team offset (spare3, codeLimit64, exec segment, runtime) agrees.
      #expect(mine.bytes[0x34..<0x60] == their.bytes[0x34..<0x60])
    }
    #expect(
      ours.designatedRequirement.hasPrefix(
        "identifier \"com.example.hello\" and anchor apple generic"))
    // apple-platform-py reads ours: the CMS verifies, the cdhashes plist and digests are there.
    let padding = max(0, peer.file.count - peer.codeLimit - ours.superblob.count)
    let signedFile = try folder.write(
      peer.file[0..<peer.codeLimit] + ours.superblob + [UInt8](repeating: 0, count: padding),
      to: "ours")
    let report = try ProcessRunner.check(
      "python3",
      [
        "-c",
        """
        import sys, json, apple_platform.reading as r
        d = r.read_signature(sys.argv[1])
        print(json.dumps({"verifies": r.find_values(d, "signature_verifies"),
                          "digests": r.find_values(d, "cdhash_digests"),
                          "problems": [str(p) for p in r.verify_macho(sys.argv[1])]}))
        """,
        signedFile.path,
      ])
    let text = String(decoding: report, as: UTF8.self)
    #expect(text.contains("\"verifies\": [true]"), "\(text)")
    #expect(text.contains(DigestAlgorithm.sha1.digest(ours.codeDirectories[0]).hex))
    #expect(text.contains(ours.cdhash.hex))
    #expect(text.contains("\"problems\": []"), "\(text)")
  }

  /// `openssl cms -verify` accepts our CMS over the slot-0 code directory, and `asn1parse` shows
  /// the 100.9.2 attribute with one SEQUENCE per code directory, each with its hash's OID.
  @Test func opensslVerifiesTheCMSAndItsCDHashAttributes() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let code = (0..<50_000).map { UInt8(truncatingIfNeeded: $0 &* 13) }
    let facts = MachOCodeFacts(
      codeLimit: code.count, executableSegmentBase: 0, executableSegmentLimit: 16384,
      isMainExecutable: true, sdkVersion: 0x000E_0000, needsSHA1: true)
    let signature = try await MachOSignatureBuilder(
      request: Self.request(identity: try SignedCode.identity())
    ).signature(code: SliceCode(code[...]), facts: facts)
    let cms = Array(
      try #require(try EmbeddedSignature(signature.superblob)[.signature]).dropFirst(8))
    let cmsFile = try folder.write(cms, to: "cms.der")
    let content = try folder.write(signature.codeDirectories[0], to: "cd0")
    let verified = try ProcessRunner.run(
      "openssl",
      [
        "cms", "-verify", "-binary", "-inform", "DER", "-in", cmsFile.path, "-content",
        content.path,
        "-noverify", "-out", "/dev/null",
      ])
    #expect(verified.status == 0 && verified.standardError.contains("Verification successful"))
    let parsed = try CMSSignature(encoded: cms)
    #expect(parsed.messageDigest == DigestAlgorithm.sha256.digest(signature.codeDirectories[0]))
    let dump = String(
      decoding: try ProcessRunner.check(
        "openssl", ["asn1parse", "-inform", "DER", "-in", cmsFile.path]),
      as: UTF8.self)
    let lines = dump.split(separator: "\n")
    let attribute = try #require(lines.firstIndex { $0.contains(":1.2.840.113635.100.9.2") })
    let after = lines[(attribute + 1)...].prefix(8).joined(separator: "\n")
    let sha1 = DigestAlgorithm.sha1.digest(signature.codeDirectories[0]).hex.uppercased()
    let sha256 = signature.cdhash.hex.uppercased()
    #expect(after.contains(":sha1") && after.contains(":sha256"), "\(after)")
    #expect(after.contains(sha1) && after.contains(sha256), "\(after)")
    #expect(dump.contains(":signingTime") && dump.contains(Self.signingTimeText(iso: false)))
    #expect(parsed.certificates.count == 3)
  }

  /// The estimate is never below the real size: ad hoc, signed, timestamped, SHA-1 + SHA-256,
  /// with entitlements and bundle files.
  @Test func theEstimateIsAnUpperBound() async throws {
    let code = (0..<123_457).map { UInt8(truncatingIfNeeded: $0 >> 3) }
    let identity = try SignedCode.identity()
    let timestamper = try Self.opensslTimestamper()
    for (identity, timestamper) in [(nil, nil), (identity, nil), (identity, timestamper)] {
      for sha1 in [false, true] {
        var request = Self.request(identity: identity, timestamper: timestamper)
        request.entitlementsXML = MachOSignatureLayoutTests.entitlementsXML
        request.infoPlist = Array("info".utf8)
        request.codeResources = Array("resources".utf8)
        let facts = MachOCodeFacts(
          codeLimit: code.count, executableSegmentBase: 0, executableSegmentLimit: 8192,
          isMainExecutable: true, sdkVersion: nil, needsSHA1: sha1)
        let builder = try MachOSignatureBuilder(request: request)
        let signature = try await builder.signature(code: SliceCode(code[...]), facts: facts)
        let estimate = builder.estimatedSize(facts: facts)
        #expect(estimate >= signature.superblob.count, "ts \(timestamper != nil) sha1 \(sha1)")
        #expect(estimate - signature.superblob.count < 16384)
        let wrapper = try #require(try EmbeddedSignature(signature.superblob)[.signature])
        if identity != nil {
          #expect(
            try CMSSignature(encoded: Array(wrapper.dropFirst(8))).isTimestamped
              == (timestamper != nil)
          )
        }
      }
    }
  }

  /// A time-stamp authority made of `openssl ts -reply` and the test PKI's TSA key.
  ///
  /// It runs off the cooperative pool. Each reply runs in its own folder with its own copy of the configuration
  /// and serial file: tests stamping at once must not share `tsa-serial` (in the full suite two
  /// replies at once corrupted it and the authority answered PKIStatus 2).
  static func opensslTimestamper() throws -> CodeSignatureBuilder.Timestamper {
    let pki = URL(fileURLWithPath: try TestPKI.path("tsa.pem")).deletingLastPathComponent().path
    return { request in
      try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async {
          continuation.resume(
            with: Result {
              let folder = try ScratchFolder()
              defer { folder.remove() }
              let query = try folder.write(request, to: "query.tsq")
              try ProcessRunner.check(
                "bash",
                [
                  "-c",
                  "cd \"$4\" && cp \"$1/ext.cnf\" . && echo 01 > tsa-serial && openssl ts -reply -config ext.cnf -section tsa_section -queryfile \"$2\" -signer \"$1/tsa.pem\" -inkey \"$1/tsa.key\" -out \"$3\"",
                  "tsa", pki, query.path, folder.path("reply.tsr"), folder.url.path,
                ])
              return Array(try Data(contentsOf: folder.file("reply.tsr")))
            })
        }
      }
    }
  }
}
