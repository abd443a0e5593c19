import CodeSigning
import Testing

/// Requirement sets as bytes (the reference's §5 vector) and as the text `codesign` prints.
@Suite struct RequirementTextTests {
  static func words(_ text: String) -> [UInt8] {
    text.split(separator: " ").flatMap { word -> [UInt8] in
      let value = UInt32(word, radix: 16) ?? 0
      return [
        UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF),
        UInt8(value & 0xFF),
      ]
    }
  }

  @Test func theDeveloperIDRequirementMatchesTheReferenceVector() {
    let expected = Self.words(
      """
      fade0c01 000000b0 00000001 00000003 00000014 fade0c00 0000009c 00000001 00000006 00000002 0000000f \
      636f6d2e 6578616d 706c652e 61707000 00000006 0000000f 00000006 0000000e 00000001 0000000a 2a864886 \
      f7636406 02060000 00000000 00000006 0000000e 00000000 0000000a 2a864886 f7636406 010d0000 00000000 \
      0000000b 00000000 0000000a 7375626a 6563742e 4f550000 00000001 0000000a 41424344 45313233 34350000
      """)
    let designated = RequirementExpression.developerID(
      identifier: "com.example.app", teamIdentifier: "ABCDE12345")
    #expect(RequirementSet(designated: designated).bytes() == expected)
    #expect(
      designated.description
        == "identifier \"com.example.app\" and anchor apple generic and certificate 1[field.1.2.840.113635.100.6.2.6] /* exists */ and certificate leaf[field.1.2.840.113635.100.6.1.13] /* exists */ and certificate leaf[subject.OU] = ABCDE12345"
    )
    #expect(RequirementSet(designated: nil).bytes() == Self.words("fade0c01 0000000c 00000000"))
    // The disk image's nesting: same length, same text, `and` opcodes first.
    let left = RequirementExpression.developerIDNestedLeft(
      identifier: "com.example.app", teamIdentifier: "ABCDE12345")
    let leftBytes = RequirementSet(designated: left).bytes()
    #expect(leftBytes.count == expected.count && left.description == designated.description)
    #expect(Array(leftBytes[32..<52]) == Self.words("00000006 00000006 00000006 00000006 00000002"))
  }

  @Test func theRootCertificateFormPrintsItsHash() {
    let hash = (0..<20).map { UInt8($0 * 13) }
    let designated = RequirementExpression.rootCertificate(identifier: "hello", rootSHA1: hash)
    #expect(
      designated.description
        == "identifier hello and certificate root = H\"000d1a2734414e5b6875828f9ca9b6c3d0ddeaf7\"")
    // identifier (2) "hello", anchor hash (4) slot -1, 20 bytes.
    let set = RequirementSet(designated: designated).bytes()
    let expected =
      Self.words("00000006 00000002 00000005") + Array("hello".utf8) + [0, 0, 0]
      + Self.words("00000004 ffffffff 00000014") + hash
    #expect(Array(set[32...]) == expected)
  }

  /// Values are bare only when all letters and digits (not leading with a digit, not a keyword);
  /// other printable text is quoted with `\` and `"` escaped; other bytes print as hex.
  @Test(arguments: [
    ("ABCDE12345", "ABCDE12345"), ("2BUA8C4S2C", "\"2BUA8C4S2C\""),
    ("com.example", "\"com.example\""),
    ("a b", "\"a b\""), ("say \"hi\"\\", "\"say \\\"hi\\\"\\\\\""), ("anchor", "\"anchor\""),
    ("", "\"\""), ("caf\u{e9}", "0x636166c3a9"), ("under_score", "\"under_score\""),
  ])
  func valuesAreQuotedAsCodesignQuotesThem(value: String, printed: String) {
    let expression = RequirementExpression.certificateField(
      slot: 0, field: "subject.CN", equals: value)
    #expect(expression.description == "certificate leaf[subject.CN] = \(printed)")
  }

  @Test func orInsideAndIsParenthesized() {
    let hashes: RequirementExpression = .or(.cdhash([0xAB, 0xCD]), .cdhash([0x01]))
    #expect(hashes.description == "cdhash H\"abcd\" or cdhash H\"01\"")
    #expect(
      RequirementExpression.and(.identifier("x"), hashes).description
        == "identifier x and (cdhash H\"abcd\" or cdhash H\"01\")")
    #expect(
      RequirementExpression.certificateExtensionExists(slot: 2, oid: [0x2A, 0x86, 0x48]).description
        == "certificate 2[field.1.2.840] /* exists */")
  }
}
