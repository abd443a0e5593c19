import CodeSigning
import Foundation
import ShipyardTestSupport
import Testing

/// BER as Apple's `codesign` writes it: indefinite lengths and strings cut into segments, read
/// as the Security framework reads them, within the same bounds as DER.
struct BERReadingTests {
  // MARK: - Elements

  @Test func anIndefiniteLengthEndsAtItsEndOfContents() throws {
    // SEQUENCE (indefinite) { INTEGER 5, SEQUENCE (indefinite) { NULL } } then a trailing byte.
    let bytes: [UInt8] = [0x30, 0x80, 0x02, 0x01, 0x05, 0x30, 0x80, 0x05, 0x00, 0, 0, 0, 0, 0xFF]
    let element = try BERElement.parse(bytes[...])
    #expect(element.hasIndefiniteLength && element.encoded.count == 13)
    let children = try element.children()
    #expect(children.map(\.tag) == [0x02, 0x30])
    #expect(Array(children[0].content) == [5])
    #expect(try children[1].children().map(\.tag) == [0x05])
  }

  @Test func aConstructedStringJoinsItsSegments() throws {
    // OCTET STRING (constructed, indefinite) { "ab", OCTET STRING (constructed) { "c" } }.
    let bytes: [UInt8] = [
      0x24, 0x80, 0x04, 0x02, 0x61, 0x62, 0x24, 0x03, 0x04, 0x01, 0x63, 0x00, 0x00,
    ]
    #expect(try BERElement.parse(bytes[...]).octets() == Array("abc".utf8))
    // A UTF8String cut in two reads as its text.
    let text: [UInt8] = [0x2C, 0x80, 0x0C, 0x02, 0x68, 0x69, 0x0C, 0x01, 0x21, 0x00, 0x00]
    #expect(try BERElement.parse(text[...]).string == "hi!")
  }

  @Test(arguments: [
    ([0x30, 0x80, 0x02, 0x01, 0x05] as [UInt8], "has no end-of-contents octets"),
    ([0x04, 0x80, 0x00, 0x00], "a primitive element has an indefinite length"),
    ([0x30, 0x80, 0x00, 0x01], "end-of-contents octets are malformed"),
    ([0x30, 0x04, 0x00, 0x00, 0x02, 0x00], "an end-of-contents marker stands where"),
    ([0x30, 0x85, 1, 2, 3, 4, 5], "a length is malformed"),
    ([0x24, 0x80, 0x02, 0x01, 0x05, 0x00, 0x00], "not a string of its type"),
  ])
  func malformedBERIsNamed(_ bytes: [UInt8], _ problem: String) {
    #expect {
      let element = try BERElement.parse(bytes[...])
      _ = try element.children()
      _ = try element.octets()
    } throws: { "\($0)".contains(problem) }
  }

  @Test func nestingIsBounded() throws {
    let depth = BERElement.maximumDepth
    func nested(_ levels: Int) -> [UInt8] {
      Array(repeating: [0x30, 0x80], count: levels).flatMap { $0 } + [0x05, 0x00]
        + Array(repeating: 0, count: 2 * levels)
    }
    #expect(try BERElement.parse(nested(depth)[...]).hasIndefiniteLength)
    #expect {
      try BERElement.parse(nested(depth + 1)[...])
    } throws: { "\($0)".contains("nest deeper than \(depth) levels") }
    // A hostile input of a million nested levels fails at the bound, not the stack.
    #expect(throws: BERError.self) { try BERElement.parse(nested(1_000_000)[...]) }
    let segments: [UInt8] =
      Array(repeating: [0x24, 0x80], count: depth + 1).flatMap { $0 } + [0x04, 0x00]
      + Array(repeating: 0, count: 2 * (depth + 1))
    #expect(throws: BERError.self) { try BERElement.parse(segments[...]).octets() }
  }

  // MARK: - CMS signatures

  /// Our DER signature rewritten as `codesign` streams it reads as the same signature, and
  /// OpenSSL (an independent BER reader) verifies the rewritten bytes too.
  @Test(.enabled(if: SigningPeers.shouldRun, "needs python3 with apple-platform-py, and openssl"))
  func aBERSignatureReadsAsItsDER() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let superblob = try await SignedCode.make(in: folder).superblob
    let directory = try CodeDirectory(try #require(superblob[.codeDirectory]))
    let der = Array(try #require(superblob[.signature]).dropFirst(8))
    let ber = try BERRewrite.cms(der)
    #expect(ber.prefix(2) == [0x30, 0x80] && ber != der)
    let read = try CMSSignature(encoded: ber)
    let original = try CMSSignature(encoded: der)
    #expect(read.certificates == original.certificates)
    #expect(read.certificatesDER == original.certificatesDER)
    #expect(read.messageDigest == original.messageDigest && read.messageDigest != nil)
    #expect(read.signingTime == original.signingTime && read.signingTime != nil)
    #expect(read.signatureValue == original.signatureValue && read.signatureValue.count == 256)
    #expect(read.verifies(content: directory.bytes) && read.certificatesVerify() == true)
    let file = try folder.write(ber, to: "cms.ber")
    let content = try folder.write(directory.bytes, to: "cd.bin")
    let parsed = try ProcessRunner.run(
      "openssl", ["asn1parse", "-inform", "DER", "-in", file.path])
    #expect(String(decoding: parsed.standardOutput, as: UTF8.self).contains("l=inf"))
    let verified = try ProcessRunner.run(
      "openssl",
      [
        "cms", "-verify", "-inform", "DER", "-in", file.path, "-content", content.path, "-binary",
        "-purpose", "any", "-CAfile", try TestPKI.path("root.pem"), "-out", "/dev/null",
      ])
    #expect(verified.status == 0, "\(verified.standardError)")
    // A damaged BER signature is an error naming the damage, not a crash.
    #expect(throws: BERError.self) { try CMSSignature(encoded: Array(ber.dropLast(2))) }
  }
}
