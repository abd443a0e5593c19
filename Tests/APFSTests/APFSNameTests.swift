import APFS
import Testing

@Suite struct APFSNameTests {
  @Test func crc32cMatchesTheCheckValueBeforeTheFinalInversion() {
    // The CRC-32C check value of "123456789" is 0xE3069283; APFS leaves out the final
    // inversion, so its raw register holds the complement.
    let crc = Array("123456789".utf8).withUnsafeBytes { CRC32C.update(0xFFFF_FFFF, $0) }
    #expect(crc == ~UInt32(0xE306_9283))
  }

  @Test func caseAndNormalizationAreIgnoredByDefault() throws {
    let composed = try APFSName("Caf\u{E9}.txt", caseSensitive: false)
    let decomposed = try APFSName("CAFE\u{301}.TXT", caseSensitive: false)
    #expect(composed.isEquivalent(to: decomposed))
    #expect(composed.hash == decomposed.hash)
    #expect(composed.bytes == Array("Caf\u{E9}.txt".utf8))  // stored as given
    let sharp = try APFSName("stra\u{DF}e", caseSensitive: false)
    #expect(sharp.isEquivalent(to: try APFSName("STRASSE", caseSensitive: false)))
  }

  @Test func aCaseSensitiveVolumeStillIgnoresNormalization() throws {
    let lower = try APFSName("caf\u{E9}", caseSensitive: true)
    #expect(lower.isEquivalent(to: try APFSName("cafe\u{301}", caseSensitive: true)))
    #expect(!lower.isEquivalent(to: try APFSName("CAF\u{C9}", caseSensitive: true)))
  }

  @Test func theHashLeavesRoomForTheLength() throws {
    let name = try APFSName("🚀 launch", caseSensitive: false)
    #expect(name.hash & 0x3FF == 0)
    #expect(name.lengthAndHash & 0x3FF == UInt32(name.bytes.count + 1))
  }

  @Test(arguments: ["", String(repeating: "é", count: 128), "a/b", "nul\u{0}"])
  func namesAPFSCannotHoldAreRefused(_ name: String) {
    #expect(throws: APFSError.self) { try APFSName(name, caseSensitive: false) }
  }

  @Test func combiningMarksAreReorderedCanonically() throws {
    // U+0323 (class 220) and U+0301 (class 230) in either order are the same name.
    let first = try APFSName("a\u{301}\u{323}", caseSensitive: false)
    let second = try APFSName("a\u{323}\u{301}", caseSensitive: false)
    #expect(first.isEquivalent(to: second))
    #expect(first.hash == second.hash)
  }

  /// ASCII names take a shorter way to their scalars (no Foundation): every ASCII character,
  /// folded or not, comes out as it does on the way every other name takes (there, the same
  /// name with "é" after it, which adds its decomposition).
  @Test(arguments: [false, true])
  func asciiNamesNormalizeAsOtherNamesDo(caseSensitive: Bool) throws {
    for byte in UInt8(1)...0x7F where byte != 0x2F {
      let name = "A" + String(UnicodeScalar(byte)) + "z"
      let ascii = try APFSName(name, caseSensitive: caseSensitive).comparisonScalars
      let other = try APFSName(name + "\u{E9}", caseSensitive: caseSensitive).comparisonScalars
      #expect(ascii + [0x65, 0x301] == other, "\(byte)")
    }
  }
}
