import CodeSigning
import Digests
import Distribution
import Foundation
import ShipyardTestSupport
import SystemSupport
import Testing
import XarArchive

/// Installer packages signed natively with the test PKI's Developer ID Installer identity,
/// checked by OpenSSL's command line (the RSA signature over the table's digest, the CMS over
/// the same bytes, its chain to the test root), 7-Zip (every member) and PackageSignatureCheck;
/// signatures OpenSSL makes are checked by PackageSignatureCheck in turn, and damage is named.
@Suite(
  .enabled(
    if: PeerPolicy.shouldRun(
      whenAvailable: ProcessRunner.succeeds("openssl", ["version"])
        && ProcessRunner.succeeds("7zz", ["i"])),
    "needs openssl and 7zz (apt 7zip)"))
struct PackageSigningTests {
  /// The test PKI's root added to Apple's.
  static func roots() throws -> TrustRoots {
    try TrustRoots(addingPEMFiles: [try TestPKI.path("root.pem")])
  }

  static func identity(_ file: String = "installer-leaf.p12") throws -> SignerIdentity {
    try SignerIdentity.load(pkcs12: try TestPKI.bytes(file), password: TestPKI.password, path: file)
  }

  /// An unsigned component package's shape: a zlib Bom, a stored payload, a zlib PackageInfo.
  static func unsigned(in folder: ScratchFolder, checksum: XarChecksum = .sha1) throws -> String {
    var generator = SplitMix(seed: 36)
    let payload = (0..<200_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let path = folder.path("Demo.pkg")
    try XarWriter(checksum: checksum, creationTime: 1_700_000_000).write(
      [
        .file(
          "Demo.pkg/Bom", .bytes([UInt8](repeating: 9, count: 3000)), encoding: .zlib,
          modificationTime: 0),
        .file("Demo.pkg/Payload", .bytes(payload), encoding: .stored, modificationTime: 0),
        .file(
          "Demo.pkg/PackageInfo", .bytes(Array("<pkg-info/>".utf8)), encoding: .zlib,
          modificationTime: 0),
      ], to: path)
    return path
  }

  static func reader(_ path: String) throws -> XarReader {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    return try XarReader(
      source: MemoryByteSource(bytes), size: Int64(bytes.count), requiringIntactTable: false)
  }

  /// Every member's bytes, by path.
  static func members(_ path: String) throws -> [String: [UInt8]] {
    let reader = try reader(path)
    var members: [String: [UInt8]] = [:]
    for entry in reader.entries where entry.data != nil {
      members[entry.path] = try reader.contents(of: entry)
    }
    return members
  }

  static func failing(_ check: PackageSignatureCheck) -> [SignatureFinding.Check] {
    check.findings.filter { !$0.ok }.map(\.check)
  }

  @Test(arguments: [(XarChecksum.sha1, false), (.sha256, true)])
  func openSSLAndSevenZipAcceptTheSignedPackage(checksum: XarChecksum, timestamped: Bool)
    async throws
  {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let unsigned = try Self.unsigned(in: folder, checksum: checksum)
    let signed = folder.path("Signed.pkg")
    let stamp: PackageSigner.Timestamper? =
      timestamped ? { @Sendable in try TestTimestampAuthority.reply(to: $0) } : nil
    let outcome = try await PackageSigner(identity: try Self.identity(), timestamp: stamp).sign(
      unsigned, to: signed)
    #expect(outcome.algorithm == checksum.algorithm.description)

    let reader = try Self.reader(signed)
    #expect(outcome.tableDigest == reader.storedTableDigest)
    let rsa = try #require(reader.signature(.rsa))
    let cms = try #require(reader.signature(.cms))
    #expect(rsa.size == 256 && rsa.certificates.count == 3 && cms.certificates == rsa.certificates)
    let digest = try folder.write(reader.storedTableDigest, to: "digest.bin")
    let rsaFile = try folder.write(rsa.bytes, to: "rsa.sig")
    let cmsFile = try folder.write(
      Array(try BERElement.parse(cms.bytes[...]).encoded), to: "cms.der")
    // RSA over the digest itself, in the DigestInfo of the table's hash.
    let verified = try ProcessRunner.run(
      "openssl",
      [
        "pkeyutl", "-verify", "-certin", "-inkey", try TestPKI.path("installer-leaf.pem"),
        "-pkeyopt", "digest:\(checksum.algorithm)", "-in", digest.path, "-sigfile", rsaFile.path,
      ])
    #expect(verified.status == 0, "\(verified.standardError)")
    // The CMS over the digest, chained to the test root: -ignore_critical for Apple's Installer
    // extension, -purpose any since OpenSSL's default (S/MIME) wants emailProtection.
    let cmsVerified = try ProcessRunner.run(
      "openssl",
      [
        "cms", "-verify", "-binary", "-inform", "DER", "-in", cmsFile.path, "-content",
        digest.path, "-ignore_critical", "-purpose", "any", "-CAfile",
        try TestPKI.path("root.pem"), "-out", "/dev/null",
      ])
    #expect(cmsVerified.status == 0, "\(cmsVerified.standardError)")
    let tested = try ProcessRunner.run("7zz", ["t", "-txar", signed])
    let output = String(decoding: tested.standardOutput, as: UTF8.self)
    #expect(tested.status == 0 && !output.contains("WARNING"), "\(output)")
    #expect(try Self.members(signed) == Self.members(unsigned))

    let check = try PackageSignatureCheck(path: signed, trustRoots: try Self.roots())
    #expect(check.isValid, "\(check.findings)")
    #expect(check.isTimestamped == timestamped)
    #expect(check.findings.contains { $0.check == .timestamp && $0.ok } == timestamped)
    #expect(check.anchor?.contains("Shipyard Test Root CA") == true)
    #expect(check.findings.filter { if case .member = $0.check { true } else { false } }.count == 3)
  }

  /// A flipped byte of the table's digest, the compressed table or a member, a root not
  /// trusted, and what follows the archive: each named.
  @Test func damageIsNamed() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let path = try Self.unsigned(in: folder)
    try await PackageSigner(identity: try Self.identity(), timestamp: nil).sign(path, to: path)
    let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let heap = Int(try Self.reader(path).heapOffset)
    func check(_ change: (inout [UInt8]) -> Void) throws -> PackageSignatureCheck {
      var bytes = original
      change(&bytes)
      let damaged = try folder.write(bytes, to: "damaged.pkg")
      return try PackageSignatureCheck(path: damaged.path, trustRoots: try Self.roots())
    }
    #expect(Self.failing(try check { _ in }).isEmpty)
    // The digest the signatures sign no longer names the table.
    let digest = try check { $0[heap + 3] ^= 0x01 }
    #expect(
      Self.failing(digest) == [.tableOfContents, .rsaSignature, .cmsMessageDigest, .cmsSignature])
    #expect {
      _ = try check { $0[40] ^= 0x01 }
    } throws: { error in (error as? XarReaderError)?.part == "table of contents" }
    let member = try check { $0[$0.count - 1000] ^= 0x01 }
    #expect(Self.failing(member) == [.member(path: "Demo.pkg/Payload")])
    let untrusted = try PackageSignatureCheck(path: path)
    #expect(Self.failing(untrusted) == [.certificateChain])
    #expect(
      untrusted.findings.contains { $0.detail.contains(TrustPolicy.untrustedRootWords) },
      "\(untrusted.findings)")
    let ticket = [UInt8](repeating: 1, count: 100)
    let stapled = try check { $0 += XarTicketTrailer.bytes(ticket: ticket) }
    #expect(stapled.isValid && stapled.hasStapledTicket && stapled.trailerLength == 132)
    for tail in [
      [1, 2, 3], Array("t8lr".utf8) + ticket, XarTicketTrailer.bytes(ticket: ticket) + [0],
    ] {
      let junk = try check { $0 += tail }
      #expect(Self.failing(junk) == [.trailer] && !junk.hasStapledTicket, "\(tail.count) bytes")
    }
  }

  /// Signatures OpenSSL makes (another implementation) hold under PackageSignatureCheck, the
  /// RSA one over the digest's digest too (the older form); an Application leaf is named.
  @Test func openSSLSignaturesAndAnApplicationLeaf() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let unsigned = try Self.unsigned(in: folder)
    let pki = URL(fileURLWithPath: try TestPKI.path("root.pem")).deletingLastPathComponent().path
    for (leaf, overDigestOfDigest) in [("installer-leaf", true), ("leaf", false)] {
      let signed = folder.path("\(leaf).pkg")
      try await OpenSSLPackageSigner(
        pki: pki, leaf: leaf, overDigestOfDigest: overDigestOfDigest
      ).sign(unsigned, to: signed)
      let check = try PackageSignatureCheck(path: signed, trustRoots: try Self.roots())
      if overDigestOfDigest {
        #expect(check.isValid, "\(check.findings)")
        #expect(
          check.findings.contains { $0.check == .rsaSignature && $0.detail.contains("older") })
      } else {
        #expect(Self.failing(check) == [.installerCertificate, .certificateChain])
        #expect(
          check.findings.contains { $0.detail.contains("Developer ID Application certificate") })
      }
    }
  }

  @Test func anApplicationIdentityIsRefusedAndNothingIsWritten() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let unsigned = try Self.unsigned(in: folder)
    let output = folder.path("Signed.pkg")
    await #expect {
      try await PackageSigner(identity: try Self.identity("identity.p12"), timestamp: nil).sign(
        unsigned, to: output)
    } throws: { error in
      guard case .notAnInstallerIdentity(let subject, let reason)? = error as? CodeSigningError
      else { return false }
      return subject.contains("Developer ID Application")
        && reason.contains("1.2.840.113635.100.6.1.13")
    }
    #expect(try FolderListing.names(in: folder.url.path) == ["Demo.pkg"])
  }
}
