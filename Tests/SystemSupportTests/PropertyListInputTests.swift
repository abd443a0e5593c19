import Foundation
import ShipyardTestSupport
import SystemSupport
import Testing

/// Property lists from outside: what Foundation would crash on is refused first, and what it
/// refuses is said in plain words.
@Suite struct PropertyListInputTests {
  @Test func aSetIsRefusedBeforeFoundationSeesIt() {
    let error = #expect(throws: PropertyListInput.Refusal.self) {
      try PropertyListInput.dictionary(from: HostilePropertyList.iconViewWithASet)
    }
    #expect(error?.description == "the binary property list holds a set (at byte 51)")
  }

  @Test func aSetBehindADamagedOffsetEntryIsStillFound() {
    var bytes = HostilePropertyList.iconViewWithASet
    // The offset table starts at byte 53 (one byte per object); the first string's entry now
    // points past the end, which Foundation would refuse only on reaching it.
    bytes[54] = 0xFF
    #expect(throws: PropertyListInput.Refusal.self) {
      try PropertyListInput.value(from: bytes)
    }
  }

  @Test func xmlAndBinaryDictionariesRead() throws {
    let value: [String: Any] = ["CFBundleIdentifier": "com.example.hello", "Count": 3]
    for format in [PropertyListSerialization.PropertyListFormat.xml, .binary] {
      let bytes = [UInt8](
        try PropertyListSerialization.data(fromPropertyList: value, format: format, options: 0))
      let read = try PropertyListInput.dictionary(from: bytes)
      #expect(read["CFBundleIdentifier"] as? String == "com.example.hello")
      #expect((read["Count"] as? NSNumber)?.intValue == 3)
    }
  }

  @Test func whatFoundationRefusesIsSaidWithoutItsDomainAndCode() {
    let error = #expect(throws: PropertyListInput.Refusal.self) {
      try PropertyListInput.value(from: Array("<plist><dict><key>a</key></plist>".utf8))
    }
    let words = error?.description ?? ""
    #expect(words.hasPrefix("it does not parse"))
    #expect(!words.contains("NSCocoaErrorDomain") && !words.contains("3840"))
  }

  @Test func aTopLevelOtherThanADictionaryIsNamed() throws {
    let array = [UInt8](
      try PropertyListSerialization.data(fromPropertyList: [1, 2], format: .xml, options: 0))
    #expect(try (PropertyListInput.value(from: array) as? [Int]) == [1, 2])
    let error = #expect(throws: PropertyListInput.Refusal.self) {
      try PropertyListInput.dictionary(from: array)
    }
    #expect(error?.description == "the top level is not a dictionary with string keys")
  }
}
