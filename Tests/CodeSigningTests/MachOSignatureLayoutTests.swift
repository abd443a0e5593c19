import CodeSigning
import Digests
import Foundation
import SystemSupport
import Testing

/// The Mach-O signature's bytes, ad hoc (no peer needed): where each field of the code
/// directory lies (reference §3), which slots the superblob has (§2), the special slots' hashes.
@Suite struct MachOSignatureLayoutTests {
  static let code = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 8) }
  static let entitlementsXML = EntitlementsTests.plist(
    "<dict><key>dynamic-codesigning</key><true/></dict>")

  static func facts(main: Bool = true, sha1: Bool = false) -> MachOCodeFacts {
    MachOCodeFacts(
      codeLimit: code.count, executableSegmentBase: 0, executableSegmentLimit: 0x2000,
      isMainExecutable: main, sdkVersion: 0x000E_0500, needsSHA1: sha1)
  }

  static func request(entitlements: Bool = true) -> CodeSigningRequest {
    CodeSigningRequest(
      identifier: "com.example.tool", identity: nil,
      entitlementsXML: entitlements ? entitlementsXML : nil, infoPlist: Array("info".utf8),
      codeResources: Array("resources".utf8),
      signingTime: Date(timeIntervalSince1970: 1_800_000_000))
  }

  static func integer<T: FixedWidthInteger>(_ bytes: [UInt8], at offset: Int, as: T.Type = T.self)
    -> T
  {
    bytes[offset..<offset + MemoryLayout<T>.size].reduce(T(0)) { $0 << 8 | T($1) }
  }

  @Test func aMainExecutablesCodeDirectoryHasTheReferenceLayout() async throws {
    let builder = try MachOSignatureBuilder(request: Self.request())
    let signature = try await builder.signature(
      code: SliceCode(Self.code[...]), facts: Self.facts())
    let superblob = try EmbeddedSignature(signature.superblob)
    #expect(superblob.blobs.keys.sorted() == [0, 2, 5, 7, 0x10000])
    let cd = try #require(superblob[.codeDirectory])
    #expect(signature.codeDirectories == [cd])
    let hashOffset = 0x60 + 17 + 32 * 7
    let expected: [(Int, UInt64, Int)] = [
      (0x00, 0xFADE_0C02, 4), (0x04, UInt64(hashOffset + 32 * 3), 4), (0x08, 0x20500, 4),
      (0x0C, 0x10002, 4), (0x10, UInt64(hashOffset), 4), (0x14, 0x60, 4), (0x18, 7, 4),
      (0x1C, 3, 4), (0x20, 10_000, 4), (0x24, 32, 1), (0x25, 2, 1), (0x26, 0, 1), (0x27, 12, 1),
      (0x28, 0, 4), (0x2C, 0, 4), (0x30, 0, 4), (0x34, 0, 4), (0x38, 0, 8), (0x40, 0, 8),
      (0x48, 0x2000, 8), (0x50, 0x41, 8), (0x58, 0x000E_0500, 4), (0x5C, 0, 4),
    ]
    for (offset, value, width) in expected {
      let read: UInt64 =
        width == 1
        ? UInt64(cd[offset])
        : width == 4
          ? UInt64(Self.integer(cd, at: offset, as: UInt32.self))
          : Self.integer(cd, at: offset, as: UInt64.self)
      #expect(read == value, "field at 0x\(String(offset, radix: 16))")
    }
    #expect(Array(cd[0x60..<0x71]) == Array("com.example.tool".utf8) + [0])
    let sha256 = DigestAlgorithm.sha256
    func slot(_ number: Int) -> [UInt8] {
      Array(cd[(hashOffset - 32 * number)..<(hashOffset - 32 * number + 32)])
    }
    let xmlBlob = try #require(superblob.blobs[5])
    let derBlob = try #require(superblob.blobs[7])
    #expect(Array(xmlBlob.prefix(8)) == [0xFA, 0xDE, 0x71, 0x71, 0, 0, 0, UInt8(xmlBlob.count)])
    #expect(Array(xmlBlob.dropFirst(8)) == Self.entitlementsXML)
    #expect(Array(derBlob.prefix(4)) == [0xFA, 0xDE, 0x71, 0x72])
    #expect(Array(derBlob.dropFirst(8)) == (try Entitlements(xml: Self.entitlementsXML)).der)
    #expect(slot(1) == sha256.digest(Array("info".utf8)))
    #expect(slot(2) == sha256.digest(try #require(superblob[.requirements])))
    #expect(slot(3) == sha256.digest(Array("resources".utf8)))
    #expect(slot(4) == [UInt8](repeating: 0, count: 32) && slot(6) == slot(4))
    #expect(slot(5) == sha256.digest(xmlBlob) && slot(7) == sha256.digest(derBlob))
    // Pages of 4096 bytes, the last one short (10,000 = 4096 + 4096 + 1808).
    let pages = [Self.code[0..<4096], Self.code[4096..<8192], Self.code[8192...]]
    #expect(Array(cd[hashOffset...]) == pages.flatMap { sha256.digest($0) })
    #expect(
      try #require(superblob[.requirements]) == [0xFA, 0xDE, 0x0C, 0x01, 0, 0, 0, 12, 0, 0, 0, 0])
    #expect(try #require(superblob[.signature]) == [0xFA, 0xDE, 0x0B, 0x01, 0, 0, 0, 8])
    #expect(signature.cdhash == sha256.digest(cd))
    #expect(signature.designatedRequirement == "cdhash H\"\(signature.cdhash.prefix(20).hex)\"")
    // Our reader agrees.
    let read = try CodeDirectory(cd)
    #expect(read.identifier == "com.example.tool" && read.teamIdentifier == nil && read.isAdHoc)
    #expect(read.pageSize == 4096 && read.codeDigests.count == 3 && read.codeLimit == 10_000)
  }

  @Test func aLibraryGetsNoDEREntitlementsAndNoExecSegFlags() async throws {
    let builder = try MachOSignatureBuilder(request: Self.request())
    let signature = try await builder.signature(
      code: SliceCode(Self.code[...]), facts: Self.facts(main: false))
    let superblob = try EmbeddedSignature(signature.superblob)
    #expect(superblob.blobs.keys.sorted() == [0, 2, 5, 0x10000])
    let cd = try #require(superblob[.codeDirectory])
    #expect(Self.integer(cd, at: 0x18, as: UInt32.self) == 5)
    #expect(Self.integer(cd, at: 0x50, as: UInt64.self) == 0)
  }

  @Test func aSHA1SliceGetsTwoCodeDirectoriesAndNoRuntimeWithoutIt() async throws {
    var request = Self.request(entitlements: false)
    request.hardenedRuntime = false
    request.infoPlist = nil
    request.codeResources = nil
    let builder = try MachOSignatureBuilder(request: request)
    let signature = try await builder.signature(
      code: SliceCode(Self.code[...]), facts: Self.facts(sha1: true))
    let superblob = try EmbeddedSignature(signature.superblob)
    #expect(superblob.blobs.keys.sorted() == [0, 2, 0x1000, 0x10000])
    let first = try CodeDirectory(try #require(superblob[.codeDirectory]))
    let second = try CodeDirectory(try #require(superblob[.alternateCodeDirectory]))
    #expect(first.hashType == .sha1 && second.hashType == .sha256)
    #expect(first.version == 0x20400 && first.flags == 0x2 && first.specialDigests.count == 2)
    #expect(first.codeDigests[2] == DigestAlgorithm.sha1.digest(Self.code[8192...]))
    #expect(signature.codeDirectories == [first.bytes, second.bytes])
    #expect(signature.cdhash == DigestAlgorithm.sha256.digest(second.bytes))
    #expect(
      signature.designatedRequirement
        == "cdhash H\"\(DigestAlgorithm.sha1.digest(first.bytes).hex)\" or cdhash H\"\(signature.cdhash.prefix(20).hex)\""
    )
    let estimate = builder.estimatedSize(facts: Self.facts(sha1: true))
    #expect(estimate >= signature.superblob.count && estimate % 1024 == 0)
  }

  @Test func mismatchedCodeAndBadEntitlementsAreErrors() async throws {
    let builder = try MachOSignatureBuilder(request: Self.request())
    await #expect(throws: CodeSigningError.self) {
      try await builder.signature(code: SliceCode(Self.code.dropLast()), facts: Self.facts())
    }
    var facts = Self.facts()
    facts.pageSize = 8192
    await #expect(throws: CodeSigningError.self) {
      try await builder.signature(code: SliceCode(Self.code[...]), facts: facts)
    }
    var request = Self.request()
    request.entitlementsXML = EntitlementsTests.plist("<dict><key>x</key><real>1</real></dict>")
    #expect(
      throws: CodeSigningError.invalidEntitlements(.unencodableValue(type: "real", keyPath: "x"))
    ) {
      try MachOSignatureBuilder(request: request)
    }
  }
}
