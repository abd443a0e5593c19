import Foundation
import HFSPlus
import ShipyardTestSupport
import Testing

/// Names stored as a Mac's kernel stores them (xnu's `utf8_decodestr` with `UTF_DECOMPOSED`).
@Suite struct MacNameConversionTests {
  static func units(_ name: String) throws -> [UInt16] { try HFSPlusName(name).units }

  @Test func charactersBeyondTheBMPPassThroughAsSurrogates() throws {
    // U+1D15E MUSICAL SYMBOL HALF NOTE decomposes today (U+1D157 U+1D165), not on a Mac.
    #expect(try Self.units("\u{1D15E}") == [0xD834, 0xDD5E])
    #expect(try Self.units("a\u{1F642}b") == [0x61, 0xD83D, 0xDE42, 0x62])
    // A combining mark beyond the BMP is not reordered either.
    #expect(try Self.units("a\u{1D165}\u{0301}") == [0x61, 0xD834, 0xDD65, 0x0301])
  }

  @Test func decompositionsNewerThanUnicode32StayComposed() throws {
    // Balinese U+1B06 gained a decomposition (U+1B05 U+1B35) in Unicode 5.0.
    #expect(try Self.units("\u{1B06}") == [0x1B06])
    #expect(try Self.units("\u{1B05}\u{1B35}") == [0x1B05, 0x1B35])
    // A mark newer than Unicode 3.2 (U+1DC0, class 230 today) is class 0 to the Mac: no reorder.
    #expect(try Self.units("a\u{1DC0}\u{0323}") == [0x61, 0x1DC0, 0x0323])
  }

  @Test func unicode32DecompositionsAndOrder() throws {
    #expect(try Self.units("é") == [0x65, 0x301])
    #expect(try Self.units("\u{1F71}") == [0x3B1, 0x301])
    #expect(try Self.units("한") == [0x1112, 0x1161, 0x11AB])
    #expect(try Self.units("a\u{0301}\u{0323}") == [0x61, 0x0323, 0x0301])
    // TN1150's excluded ranges are stored as given.
    #expect(try Self.units("\u{212B}\u{F900}") == [0x212B, 0xF900])
    #expect(try Self.units("a:b") == [0x61, 0x2F, 0x62])
  }

  /// Python's own Unicode 3.2 database (`unicodedata.ucd_3_2_0`) applies the Mac's rules to
  /// every BMP character and to mark sequences; our names must come out the same.
  @Test(
    .enabled(
      if: PeerPolicy.shouldRun(
        whenAvailable: ProcessRunner.succeeds(
          "python3", ["-c", "import unicodedata; unicodedata.ucd_3_2_0"])), "needs python3"))
  func everyBMPCharacterMatchesPythonsUnicode32Database() throws {
    var inputs: [String] = []
    for value in 0x20...0xFFFF
    where !(0xD800...0xDFFF).contains(value) && value != 0x2F && value != 0x3A {
      inputs.append(String(Character(Unicode.Scalar(UInt32(value))!)))
    }
    let marks: [UInt32] = [0x0301, 0x0323, 0x0345, 0x05B0, 0x0F72, 0x1DC0, 0x20D0, 0x302A, 0x0E38]
    for first in marks {
      for second in marks {
        inputs.append(
          String(
            String.UnicodeScalarView([
              Unicode.Scalar(0x61)!, Unicode.Scalar(first)!, Unicode.Scalar(second)!,
            ])))
        inputs.append(
          String(
            String.UnicodeScalarView([
              Unicode.Scalar(0x1EA0)!, Unicode.Scalar(first)!, Unicode.Scalar(0x1D165)!,
              Unicode.Scalar(second)!,
            ])))
      }
    }
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let input = try folder.write(
      Array(
        inputs.map { $0.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ") }
          .joined(separator: "\n").utf8), to: "names.txt")
    let script = """
      import sys, unicodedata
      db = unicodedata.ucd_3_2_0
      def excluded(c): return 0x2000 <= c <= 0x2FFF or 0xF900 <= c <= 0xFAFF
      for line in open(sys.argv[1]):
          units, classes = [], []
          for c in (int(x, 16) for x in line.split()):
              parts = [c] if c > 0xFFFF or excluded(c) else [ord(x) for x in db.normalize('NFD', chr(c))]
              for p in parts:
                  k = db.combining(chr(p)) if p <= 0xFFFF else 0
                  if p > 0xFFFF:
                      p -= 0x10000
                      units += [0xD800 + (p >> 10), 0xDC00 + (p & 0x3FF)]; classes += [0, 0]
                  else:
                      units.append(p); classes.append(k)
          changed = True
          while changed:
              changed = False
              for i in range(len(units) - 1):
                  if classes[i] > classes[i + 1] and classes[i + 1] != 0:
                      units[i], units[i + 1] = units[i + 1], units[i]
                      classes[i], classes[i + 1] = classes[i + 1], classes[i]
                      changed = True
          print(' '.join('%x' % u for u in units))
      """
    let output = String(
      decoding: try ProcessRunner.check("python3", ["-c", script, input.path]), as: UTF8.self)
    let expected = output.split(separator: "\n", omittingEmptySubsequences: false).prefix(
      inputs.count)
    #expect(expected.count == inputs.count)
    var mismatches: [String] = []
    for (name, line) in zip(inputs, expected) {
      let ours = try Self.units(name).map { String($0, radix: 16) }.joined(separator: " ")
      if ours != line {
        mismatches.append(
          "\(name.unicodeScalars.map { String($0.value, radix: 16) }): ours \(ours), Python \(line)"
        )
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
  }
}
