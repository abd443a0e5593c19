import CodeSigning
import Testing

/// The entitlements reader and DER encoder, against the byte vectors of the reference (§6).
@Suite struct EntitlementsTests {
  static func plist(_ body: String) -> [UInt8] {
    Array(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      \(body)
      </plist>

      """.utf8)
  }

  static func hex(_ text: String) -> [UInt8] {
    text.split(separator: " ").compactMap { UInt8($0, radix: 16) }
  }

  @Test(arguments: [
    ("<dict/>", "70 05 02 01 01 B0 00"),
    (
      "<dict>\n\t<key>key</key>\n\t<true/>\n</dict>",
      "70 0F 02 01 01 B0 0A 30 08 0C 03 6B 65 79 01 01 FF"
    ),
    (
      "<dict><key>key</key><array><true/><string>foo</string></array></dict>",
      "70 16 02 01 01 B0 11 30 0F 0C 03 6B 65 79 30 08 01 01 FF 0C 03 66 6F 6F"
    ),
  ])
  func theReferenceVectorsEncode(body: String, expected: String) throws {
    let entitlements = try Entitlements(xml: Self.plist(body))
    #expect(entitlements.der == Self.hex(expected))
    #expect(entitlements.xml == Self.plist(body))
  }

  @Test(arguments: [
    (Int64(0), "02 01 00"), (127, "02 01 7F"), (128, "02 02 00 80"), (256, "02 02 01 00"),
    (-1, "02 01 FF"), (-128, "02 01 80"), (-129, "02 02 FF 7F"),
    (Int64.min, "02 08 80 00 00 00 00 00 00 00"), (Int64.max, "02 08 7F FF FF FF FF FF FF FF"),
  ])
  func integersAreMinimalTwosComplement(value: Int64, expected: String) throws {
    let entitlements = try Entitlements(
      xml: Self.plist("<dict><key>n</key><integer>\(value)</integer></dict>"))
    // 70 len 02 01 01 B0 len 30 len 0C 01 6E <integer>
    let integer = Self.hex(expected)
    let entry = [0x30, UInt8(3 + integer.count), 0x0C, 0x01, 0x6E] + integer
    #expect(
      entitlements.der == [
        0x70, UInt8(5 + entry.count), 0x02, 0x01, 0x01, 0xB0, UInt8(entry.count),
      ] + entry)
  }

  /// Keys sorted by bytes (uppercase before lowercase, shorter prefix first), nested containers,
  /// entities decoded, false and empty string.
  @Test func nestedValuesAndSortedKeys() throws {
    let entitlements = try Entitlements(
      xml: Self.plist(
        """
        <dict>
        \t<key>b</key><dict><key>y</key><false/><key>x</key><string></string></dict>
        \t<key>a</key><array><integer>1</integer><array/></array>
        \t<key>B</key><string>&lt;&amp;&#x41;</string>
        \t<key>ab</key><string/>
        </dict>
        """))
    // "B" (0x42) < "a" < "ab" < "b", and inside "b", "x" < "y".
    let upperB = Self.hex("30 08 0C 01 42 0C 03 3C 26 41")  // "B" = "<&A"
    let lowerA = Self.hex("30 0A 0C 01 61 30 05 02 01 01 30 00")  // "a" = [1, []]
    let ab = Self.hex("30 06 0C 02 61 62 0C 00")  // "ab" = ""
    let inner = Self.hex("B0 0F 30 05 0C 01 78 0C 00 30 06 0C 01 79 01 01 00")
    let lowerB = [0x30, UInt8(3 + inner.count), 0x0C, 0x01, 0x62] + inner
    let entries = upperB + lowerA + ab + lowerB
    let dictionary = [0xB0, UInt8(entries.count)] + entries
    #expect(entitlements.der == [0x70, UInt8(3 + dictionary.count), 0x02, 0x01, 0x01] + dictionary)
  }

  @Test func longValuesUseLongFormLengths() throws {
    let long = String(repeating: "x", count: 300)
    let entitlements = try Entitlements(
      xml: Self.plist("<dict><key>k</key><string>\(long)</string></dict>"))
    let string = [0x0C, 0x82, 0x01, 0x2C] + Array(long.utf8)
    let entry = [0x30, 0x82, 0x01, 0x33, 0x0C, 0x01, 0x6B] + string
    let dictionary = [0xB0, 0x82, 0x01, 0x37] + entry
    #expect(entitlements.der == [0x70, 0x82, 0x01, 0x3E, 0x02, 0x01, 0x01] + dictionary)
  }

  @Test(arguments: [
    ("<dict><key>r</key><real>1.5</real></dict>", "real", "r"),
    (
      "<dict><key>o</key><dict><key>d</key><date>2020-01-01T00:00:00Z</date></dict></dict>", "date",
      "o/d"
    ),
    ("<dict><key>l</key><array><true/><data>AAAA</data></array></dict>", "data", "l[1]"),
  ])
  func unencodableValuesNameTheirKeyPath(body: String, type: String, path: String) {
    #expect(throws: EntitlementsError.unencodableValue(type: type, keyPath: path)) {
      try Entitlements(xml: Self.plist(body))
    }
    let description = EntitlementsError.unencodableValue(type: type, keyPath: path).description
    #expect(description.contains(path) && description.contains("<\(type)>"))
  }

  @Test func malformedXMLNamesItsLine() {
    // Line 5 of the document (after the declaration, DOCTYPE, <plist>, <dict>).
    let broken = Self.plist("<dict>\n<key>a</key><true/>\n<key>b</key><strin>x</strin>\n</dict>")
    #expect {
      try Entitlements(xml: broken)
    } throws: { error in
      guard case .malformed(let line, let reason) = error as? EntitlementsError else {
        return false
      }
      return line == 6 && reason.contains("strin")
    }
    #expect(throws: EntitlementsError.self) {
      try Entitlements(xml: Self.plist("<dict><key>a</key>"))
    }
    #expect(throws: EntitlementsError.notADictionary(type: "array")) {
      try Entitlements(xml: Self.plist("<array/>"))
    }
    #expect(throws: EntitlementsError.self) {
      try Entitlements(xml: Self.plist("<dict><key>a</key><true/><key>a</key><true/></dict>"))
    }
  }

  @Test func executableSegmentFlagsAndGetTaskAllow() throws {
    let keys: [(String, UInt64)] = [
      ("get-task-allow", 0x10), ("run-unsigned-code", 0x10),
      ("com.apple.private.cs.debugger", 0x20),
      ("dynamic-codesigning", 0x40), ("com.apple.private.skip-library-validation", 0x80),
      ("com.apple.private.amfi.can-load-cdhash", 0x100),
      ("com.apple.private.amfi.can-execute-cdhash", 0x200),
      ("com.apple.security.cs.allow-jit", 0), ("com.apple.security.get-task-allow", 0),
    ]
    for (key, flag) in keys {
      let on = try Entitlements(xml: Self.plist("<dict><key>\(key)</key><true/></dict>"))
      let off = try Entitlements(xml: Self.plist("<dict><key>\(key)</key><false/></dict>"))
      #expect(on.executableSegmentFlags == flag, "\(key)")
      #expect(off.executableSegmentFlags == 0, "\(key)")
      #expect(on.requestsGetTaskAllow == (key == "com.apple.security.get-task-allow"))
      #expect(!off.requestsGetTaskAllow)
    }
  }
}
