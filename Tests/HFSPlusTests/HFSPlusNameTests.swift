import Testing

@testable import HFSPlus

@Suite struct HFSPlusNameTests {
  private func units(_ name: String) throws -> [UInt16] { try HFSPlusName(name).units }

  @Test func namesAreStoredDecomposed() throws {
    #expect(try units("\u{E9}") == [0x65, 0x301])
    #expect(try units("e\u{301}") == [0x65, 0x301])
    #expect(try units("Ångström") == Array("A\u{30A}ngstro\u{308}m".utf16))
    #expect(try units("가") == [0x1100, 0x1161])
  }

  @Test func tn1150ExclusionsAreNotDecomposed() throws {
    #expect(try units("\u{2126}") == [0x2126])  // OHM SIGN would decompose to U+03A9
    #expect(try units("\u{F900}") == [0xF900])  // CJK compatibility ideograph
    #expect(try units("\u{2F800}") == Array("\u{2F800}".utf16))
    #expect(try units("\u{2126}\u{E9}") == [0x2126, 0x65, 0x301])
  }

  @Test func colonIsStoredAsSlash() throws {
    #expect(try units("a:b") == Array("a/b".utf16))
    #expect(try HFSPlusName("a:b").posixName == "a:b")
  }

  @Test func lengthIsCountedInDecomposedUTF16Units() throws {
    #expect(throws: Never.self) { try HFSPlusName(String(repeating: "x", count: 255)) }
    #expect(throws: HFSPlusError.self) { try HFSPlusName(String(repeating: "x", count: 256)) }
    // 100 × U+0390 is 100 UTF-16 units as given, 300 once decomposed.
    let error = try #require(throws: HFSPlusError.self) {
      try HFSPlusName(String(repeating: "\u{390}", count: 100))
    }
    #expect("\(error)".contains("300 UTF-16 units"))
    #expect(throws: HFSPlusError.self) { try HFSPlusName("") }
  }

  @Test(arguments: [
    ("a", "A", 0), ("Hello.app", "HELLO.APP", 0), ("ab", "a\u{200C}b", 0), ("_", "A", -1),
    ("a", "B", -1),
    ("b", "a", 1), ("abc", "ab", 1), ("\u{0}\u{0}\u{0}\u{0}HFS+ Private Data", "zzz", 1),
    ("é", "É", 0),
  ])
  func comparesAsTN1150(lhs: String, rhs: String, sign: Int) throws {
    let result = HFSPlusName.compare(try units(lhs), try units(rhs))
    #expect(result.signum() == sign, "\(lhs) vs \(rhs): \(result)")
  }

  @Test func caseFoldingTableHasTN1150sEntries() {
    #expect(HFSPlusName.caseFolding.count == 329)
    #expect(HFSPlusName.caseFolding[0x0000] == 0xFFFF)
    #expect(HFSPlusName.caseFolding[0x0041] == 0x0061)
    #expect(HFSPlusName.caseFolding.values.filter { $0 == 0 }.count == 16)
  }

  @Test func foldingAUnitAgreesWithTheTableForEveryUnit() {
    let disagreeing = (UInt16.min...UInt16.max).filter {
      HFSPlusName.folded($0) != HFSPlusName.caseFolding[$0] ?? $0
    }
    #expect(disagreeing.isEmpty, "units folded unlike the table: \(disagreeing.prefix(8))")
  }
}
