import CodeSigning
import Digests
import Testing

/// The signature reader on hostile bytes: every count and offset is checked against what holds
/// it, and each damage is an error naming the structure (no peer needed: the blobs are built here).
@Suite struct SignatureReaderTests {
  /// A code directory from the builder, as a DMG's (six special slots, one code slot).
  static let directory = CodeDirectoryBuilder(
    identifier: "com.example.code", teamIdentifier: "TEAMID1234", codeLimit: 4096,
    codeDigest: DigestAlgorithm.sha256.digest([UInt8](repeating: 7, count: 4096)),
    specialDigests: [:]
  ).bytes()

  static func superblob(_ blobs: [UInt32: [UInt8]]) -> [UInt8] {
    SuperBlobBuilder(blobs: blobs).bytes()
  }

  static func malformed(_ reason: String) -> SignatureError { .malformed(reason) }

  @Test func aBuiltSuperblobReadsBack() throws {
    let signature = try EmbeddedSignature(
      Self.superblob([0: Self.directory, 2: [0xFA, 0xDE, 0x0C, 0x01, 0, 0, 0, 12, 0, 0, 0, 0]]))
    #expect(signature[.codeDirectory] == Self.directory)
    #expect(signature.blobs.count == 2)
    let directory = try CodeDirectory(Self.directory)
    #expect(directory.identifier == "com.example.code" && directory.codeDigests.count == 1)
    #expect(directory.specialDigests.count == 6 && directory.hashType == .sha256)
  }

  @Test func aDamagedSuperblobIsNamed() {
    var bytes = Self.superblob([0: Self.directory])
    bytes[0] = 0
    #expect(
      throws: Self.malformed("the signature does not start with the superblob magic 0xfade0cc0")
    ) {
      try EmbeddedSignature(bytes)
    }
    let whole = Self.superblob([0: Self.directory])
    #expect(
      throws: Self.malformed("the superblob claims \(whole.count) bytes, the image holds 100")
    ) {
      try EmbeddedSignature(Array(whole.prefix(100)))
    }
    #expect(
      throws: Self.malformed(
        "the superblob has \(whole.count) bytes but the trailer gives it \(whole.count + 4)")
    ) {
      try EmbeddedSignature(whole + [0, 0, 0, 0])
    }
    // A count of blobs far past the bytes.
    var counted = whole
    counted[8] = 0x7F
    #expect(throws: SignatureError.self) { try EmbeddedSignature(counted) }
  }

  /// A superblob with `index` (slot and offset from the superblob's start) and `body` after it.
  static func laidOut(_ index: [(slot: UInt32, offset: Int)], body: [UInt8]) -> [UInt8] {
    func word(_ value: Int) -> [UInt8] {
      (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
    }
    let header = word(0xFADE_0CC0) + word(12 + 8 * index.count + body.count) + word(index.count)
    return header + index.flatMap { word(Int($0.slot)) + word($0.offset) } + body
  }

  static let requirements: [UInt8] = [0xFA, 0xDE, 0x0C, 0x01, 0, 0, 0, 12, 0, 0, 0, 0]

  @Test func blobsMayLieAnywhereAfterTheIndex() throws {
    // As lld writes them: padding after the index (4 bytes here) and between blobs.
    let cd = Self.directory
    let padded = Self.laidOut(
      [(0, 32), (2, 32 + cd.count + 4)],
      body: [0, 0, 0, 0] + cd + [0, 0, 0, 0] + Self.requirements)
    let read = try EmbeddedSignature(padded)
    #expect(read[.codeDirectory] == cd && read[.requirements] == Self.requirements)
    // The blobs in another order than the index's.
    let swapped = Self.laidOut([(0, 28 + 12), (2, 28)], body: Self.requirements + cd)
    #expect(try EmbeddedSignature(swapped).blobs == read.blobs)
  }

  @Test func blobsOutsideTheSuperblobOrSharingBytesAreNamed() {
    let cd = Self.directory
    let end = 20 + cd.count
    let cases: [([(slot: UInt32, offset: Int)], [UInt8], String)] = [
      (
        [(0, 16)], cd,
        "blob 0 (slot 0) at offset 16 lies inside the superblob's 20-byte header and index"
      ),
      (
        [(0, end - 4)], cd,
        "blob 0 (slot 0) at offset \(end - 4) has no room for its 8-byte header in the superblob's \(end) bytes"
      ),
      (
        [(0, 20)], Array(cd.dropLast()),
        "blob 0 (slot 0) at offset 20 claims \(cd.count) bytes, which do not fit between its 8-byte header and the superblob's end at \(end - 1)"
      ),
      // A blob inside another.
      (
        [(0, 28), (2, 36)], [0xFA, 0xDE, 0x0C, 0x01, 0, 0, 0, 20] + Self.requirements,
        "blob 1 (slot 2) at offset 36 overlaps blob 0 (slot 0) at offset 28"
      ),
      (
        [(0, 28), (0, 28 + cd.count)], cd + Self.requirements,
        "blob 1 (slot 0) at offset \(28 + cd.count) names the slot of blob 0 (slot 0) at offset 28 again"
      ),
    ]
    for (index, body, reason) in cases {
      #expect(throws: Self.malformed(reason)) {
        try EmbeddedSignature(Self.laidOut(index, body: body))
      }
    }
  }

  @Test func ourWriterPacksTheBlobsAfterTheIndex() throws {
    let blobs: [UInt32: [UInt8]] = [
      0x10000: [0xFA, 0xDE, 0x0B, 0x01, 0, 0, 0, 8], 0: Self.directory, 2: Self.requirements,
    ]
    let bytes = Self.superblob(blobs)
    func word(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
    var next = 12 + 8 * 3
    for (entry, slot) in [UInt32(0), 2, 0x10000].enumerated() {
      #expect(word(12 + 8 * entry) == Int(slot) && word(16 + 8 * entry) == next, "entry \(entry)")
      next += blobs[slot]?.count ?? 0
    }
    #expect(word(4) == next && bytes.count == next)
    #expect(try EmbeddedSignature(bytes).blobs == blobs)
  }

  @Test func aDamagedCodeDirectoryIsNamed() {
    var hashType = Self.directory
    hashType[37] = 9
    #expect(throws: Self.malformed("unknown digest type 9")) { try CodeDirectory(hashType) }
    var slots = Self.directory
    slots[28] = 0x10  // about 268 million code slots
    #expect {
      try CodeDirectory(slots)
    } throws: { "\($0)".contains("more than its \(Self.directory.count) bytes hold") }
    var identifier = Self.directory
    identifier.replaceSubrange(52..., with: [UInt8](repeating: 0x41, count: identifier.count - 52))
    #expect(throws: SignatureError.self) { try CodeDirectory(identifier) }
    #expect(throws: Self.malformed("the code directory slot holds no code directory")) {
      try CodeDirectory(Array(Self.directory.reversed()))
    }
    // A version-0x20300 directory whose 64-bit code limit no Int64 holds (found by fuzzing:
    // the conversion trapped).
    var limit = Self.directory
    limit.replaceSubrange(8..<12, with: [0x00, 0x02, 0x03, 0x00])
    limit.replaceSubrange(56..<64, with: [UInt8](repeating: 0xFF, count: 8))
    #expect {
      try CodeDirectory(limit)
    } throws: { "\($0)".contains("64-bit code limit 18446744073709551615") }
  }

  @Test func derLengthsPastTheirContainerAreErrors() throws {
    // SEQUENCE of 5 bytes holding an INTEGER claiming 9.
    #expect(throws: BERError.self) {
      try BERElement.parse([0x30, 0x05, 0x02, 0x09, 1, 2, 3][...]).children()
    }
    #expect(throws: BERError.self) {
      try BERElement.parse([0x30, 0x84, 0xFF, 0xFF, 0xFF, 0xFF][...])
    }
    #expect(throws: BERError.self) { try CMSSignature(encoded: [0x30, 0x00]) }
    // A certificate that is an empty SEQUENCE (found by the signature fuzz target in CI).
    func tlv(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] { [tag, UInt8(content.count)] + content }
    let signedDataOID: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02]
    let dataOID: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x01]
    let signedData = tlv(
      0x30,
      [0x02, 0x01, 0x01] + tlv(0x31, []) + tlv(0x30, dataOID) + tlv(0xA0, tlv(0x30, []))
        + tlv(0x31, []))
    #expect {
      try CMSSignature(encoded: tlv(0x30, signedDataOID + tlv(0xA0, signedData)))
    } throws: { "\($0)".contains("to-be-signed part is missing") }
    let oid = try BERElement.parse([0x06, 0x03, 0x55, 0x04, 0x03][...])
    #expect(oid.objectIdentifier == "2.5.4.3")
  }

  @Test func hashTypesAreTheCodeDirectoryNumbers() {
    #expect(DigestAlgorithm.allCases.map(\.codeDirectoryHashType) == [1, 2, 3, 4])
    #expect(DigestAlgorithm(codeDirectoryHashType: 3) == .sha256Truncated)
    #expect(DigestAlgorithm(codeDirectoryHashType: 0) == nil)
  }
}
