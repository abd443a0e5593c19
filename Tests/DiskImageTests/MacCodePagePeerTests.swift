import DiskImage
import Foundation
import ShipyardTestSupport
import Testing

/// Our tables of Mac OS Hebrew and Thai against Perl's `Encode` (Apple's `HEBREW.TXT` and
/// `THAI.TXT`), which neither Foundation nor iconv on Linux has.
@Suite struct MacCodePagePeerTests {
  static let peer = PeerPolicy.packageRoot.appendingPathComponent(
    "Tests/DiskImageTests/Peers/mac_encoding_peer.pl"
  ).path

  /// What Perl decodes each argument to: UTF-8 bytes, or `nil` where a byte has no mapping.
  static func perlDecodes(_ inputs: [[UInt8]], from encoding: String) throws -> [[UInt8]?] {
    let hex = inputs.map { $0.map { String(format: "%02x", $0) }.joined() }
    let output = try ProcessRunner.check("perl", [peer, encoding] + hex)
    let lines = String(decoding: output, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false
    ).dropLast()
    return lines.map { line in
      line == "-"
        ? nil
        : stride(from: 0, to: line.count, by: 2).map { offset in
          let start = line.index(line.startIndex, offsetBy: offset)
          return UInt8(line[start..<line.index(start, offsetBy: 2)], radix: 16) ?? 0
        }
    }
  }

  @Test(
    .enabled(
      if: PeerPolicy.shouldRun(whenAvailable: PeerPolicy.perlWithEncode), "needs perl with Encode"),
    arguments: [(MacTextEncoding.hebrew, "MacHebrew"), (.thai, "MacThai")])
  func everyUpperByteDecodesAsPerlDecodesIt(encoding: MacTextEncoding, perlName: String) throws {
    #expect(encoding.isAvailable)
    let bytes = (0x80...0xFF).map { [UInt8($0)] }
    let theirs = try Self.perlDecodes(bytes, from: perlName)
    try #require(theirs.count == bytes.count)
    var assigned = 0
    for (byte, expected) in zip(bytes, theirs) {
      let ours = encoding.decode(byte)
      #expect(ours.map { Array($0.utf8) } == expected, "byte \(byte)")
      guard let text = ours else { continue }
      assigned += 1
      // Writing the text back gives the byte, or its ASCII twin for right-to-left punctuation.
      let written = try encoding.encode(text).get()
      #expect(
        written == byte || (written.count == 1 && written[0] < 0x80 && text.utf8.count == 1),
        "byte \(byte) → \(text.unicodeScalars.map { String($0.value, radix: 16) }) → \(written)")
      #expect(encoding.decode(written) == text)
    }
    // Mac OS Hebrew maps every byte; Thai leaves 0x90, 0x9F and 0xFC to 0xFF unassigned.
    #expect(assigned == (encoding == .hebrew ? 128 : 122))
  }

  @Test(
    .enabled(
      if: PeerPolicy.shouldRun(whenAvailable: PeerPolicy.perlWithEncode), "needs perl with Encode"))
  func sequencesAreWrittenAsTheirByteAndMarksAloneAsTheirs() throws {
    // Thai: a tone mark with Apple's private-use selector is its positional variant; alone, or
    // in ordinary text, it is the plain byte.
    #expect(try MacTextEncoding.thai.encode("\u{0E48}\u{F875}").get() == [0x83])
    #expect(try MacTextEncoding.thai.encode("ที่").get() == [0xB7, 0xD5, 0xE8])
    // Hebrew: the yiddish ligature with patah, the lamed-holam ligature, qamats with its variant.
    #expect(try MacTextEncoding.hebrew.encode("\u{05F2}\u{05B7}").get() == [0x81])
    #expect(try MacTextEncoding.hebrew.encode("\u{F86A}\u{05DC}\u{05B9}").get() == [0xC0])
    #expect(try MacTextEncoding.hebrew.encode("\u{05DC}\u{05B9}").get() == [0xEC, 0xDD])
    #expect(try MacTextEncoding.hebrew.encode("\u{05B8}\u{F87F}\u{05B8}").get() == [0xDE, 0xCB])
    // And Perl reads those bytes as the same text.
    let inputs: [[UInt8]] = [[0x83], [0xB7, 0xD5, 0xE8], [0x90]]
    let theirs = try Self.perlDecodes(inputs, from: "MacThai")
    #expect(theirs == inputs.map { MacTextEncoding.thai.decode($0).map { Array($0.utf8) } })
    // A scalar with no byte, and a selector without its mark, are refused where they stand.
    #expect(MacTextEncoding.thai.decode([0x41, 0x90]) == nil)
    let selector = MacTextEncoding.thai.encode("ก\u{F875}").failure
    #expect(selector?.character == "\u{F875}" && selector?.offset == 1)
    let shinDot = MacTextEncoding.hebrew.encode("אב\u{05E9}\u{05C1}").failure
    #expect(shinDot?.character == "\u{05E9}\u{05C1}" && shinDot?.offset == 2)
  }
}

/// Mac OS Hebrew writes ASCII punctuation that resolves right to left as its right-to-left twin.
@Suite struct HebrewDirectionTests {
  @Test(arguments: [
    // Between Hebrew letters: the twins (0xA9 opens, 0xA8 closes, right to left).
    ("א (ב)", [0xE0, 0xA0, 0xA9, 0xE1, 0xA8]),
    // Between Latin letters, or between Latin and Hebrew in a left-to-right line: ASCII.
    ("Mac (OS) א", Array("Mac (OS) ".utf8) + [0xE0]),
    ("Shipyard, א.", Array("Shipyard, ".utf8) + [0xE0, 0x2E]),
    // Digits are always ASCII, a separator between two of them too; the spaces around the
    // number in Hebrew are right to left.
    ("א 2.0 ב", [0xE0, 0xA0, 0x32, 0x2E, 0x30, 0xA0, 0xE1]),
    // Each line is a paragraph with its own direction.
    ("א.\rA.", [0xE0, 0xAE, 0x0D, 0x41, 0x2E]),
  ])
  func punctuationTakesTheByteOfItsDirection(text: String, bytes: [UInt8]) throws {
    #expect(try MacTextEncoding.hebrew.encode(text).get() == bytes)
    #expect(MacTextEncoding.hebrew.decode(bytes) == text)
  }
}

extension Result {
  fileprivate var failure: Failure? {
    if case .failure(let failure) = self { return failure }
    return nil
  }
}
