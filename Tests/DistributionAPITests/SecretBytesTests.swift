import Distribution
import Foundation
import Testing

/// ``SecretBytes``: base64 as CI secrets hold it (wrapped or not, padded or not), PEM text as it
/// is, errors that say where the text goes wrong and never what it holds, and `******` wherever
/// a program could print the bytes.
@Suite struct SecretBytesTests {
  /// Bytes with every value, so that every base64 character is used.
  static let bytes = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }

  @Test func base64DecodesWrappedOrNotPaddedOrNot() throws {
    let plain = Data(Self.bytes).base64EncodedString()
    let wrapped = Data(Self.bytes).base64EncodedString(options: .lineLength76Characters)
    let forms = [
      plain, wrapped, wrapped.replacingOccurrences(of: "\r\n", with: "\n") + "\n",
      "  \t" + plain + " \n", plain.replacingOccurrences(of: "=", with: ""),
    ]
    for text in forms {
      #expect(
        try SecretBytes(base64: text, origin: "$P12") == SecretBytes(Self.bytes, origin: "$P12"))
    }
    for count in 0...5 {
      let prefix = Array(Self.bytes.prefix(count + 1))
      let text = Data(prefix).base64EncodedString()
      #expect(try SecretBytes(base64: text, origin: "$K") == SecretBytes(prefix, origin: "$K"))
      let unpadded = text.replacingOccurrences(of: "=", with: "")
      #expect(try SecretBytes(base64: unpadded, origin: "$K") == SecretBytes(prefix, origin: "$K"))
    }
  }

  @Test(arguments: [
    ("", SecretBytes.DecodingError.empty(origin: "$P12")),
    (" \n\t\n", .empty(origin: "$P12")),
    ("QUJD$RA==", .notBase64(origin: "$P12", position: 5)),
    ("QUJD\nRA==\n!", .notBase64(origin: "$P12", position: 11)),
    ("-----BEGIN PRIVATE KEY-----", .notBase64(origin: "$P12", position: 1)),
    ("QUJDRA===", .notBase64(origin: "$P12", position: 9)),
    ("QU=JD", .notBase64(origin: "$P12", position: 4)),
    ("=QUJD", .notBase64(origin: "$P12", position: 1)),
    ("QUJDR", .truncated(origin: "$P12")),
    ("QUJDRA=", .truncated(origin: "$P12")),
  ])
  func textThatIsNotBase64IsNamedWithWhereItGoesWrong(
    text: String, error: SecretBytes.DecodingError
  ) {
    #expect(throws: error) { try SecretBytes(base64: text, origin: "$P12") }
  }

  @Test func messagesNameTheOriginAndThePositionOnly() {
    let text = "c2VjcmV0LXZhbHVl!"
    #expect(throws: SecretBytes.DecodingError.notBase64(origin: "$ASC_KEY", position: 17)) {
      try SecretBytes(base64: text, origin: "$ASC_KEY")
    }
    let message = "\(SecretBytes.DecodingError.notBase64(origin: "$ASC_KEY", position: 17))"
    #expect(message == "$ASC_KEY is not base64 (at character 17)")
    #expect("\(SecretBytes.DecodingError.empty(origin: "$ASC_KEY"))" == "$ASC_KEY is empty")
  }

  @Test func pemTextIsTakenAsItIsAndAnythingElseAsBase64() throws {
    let pem =
      "\n-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49\n-----END PRIVATE KEY-----\n"
    #expect(
      try SecretBytes(pemOrBase64: pem, origin: "$K") == SecretBytes(Array(pem.utf8), origin: "$K"))
    let base64 = Data(pem.utf8).base64EncodedString()
    #expect(
      try SecretBytes(pemOrBase64: base64, origin: "$K")
        == SecretBytes(Array(pem.utf8), origin: "$K"))
    #expect(throws: SecretBytes.DecodingError.notBase64(origin: "$K", position: 1)) {
      try SecretBytes(pemOrBase64: "----BEGIN", origin: "$K")
    }
  }

  @Test func everyWayOfPrintingShowsStars() {
    let secret = SecretBytes(Array("p12-bytes-in-memory".utf8), origin: "$P12")
    var dumped = ""
    dump(secret, to: &dumped)
    var dumpedIdentity = ""
    dump(SigningIdentity.p12Bytes(secret, password: Secret("pw")), to: &dumpedIdentity)
    var dumpedKey = ""
    dump(NotaryCredentials.apiKeyBytes(secret, keyID: "K", issuer: "I"), to: &dumpedKey)
    let printed = [
      "\(secret)", String(reflecting: secret), dumped, dumpedIdentity, dumpedKey,
      "\(SigningIdentity.p12Bytes(secret))",
      String(reflecting: NotaryCredentials.apiKeyBytes(secret, keyID: "K", issuer: "I")),
    ]
    for text in printed {
      #expect(!text.contains("p12-bytes"), "\(text)")
      // The bytes as numbers, as an array's description would show them.
      #expect(!text.contains("112, 49, 50"), "\(text)")
      #expect(text.contains("******"), "\(text)")
    }
    #expect(Mirror(reflecting: secret).children.isEmpty)
    #expect(secret.origin == "$P12")
  }
}
