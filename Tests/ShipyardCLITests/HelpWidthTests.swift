import Testing

@testable import ShipyardCLI

/// Help wrapped to the console's width: every command's, at 80 and 60 columns, loses no word and
/// has no line wider than the width but the allowed exceptions; and the rules, one by one.
@Suite struct HelpWidthTests {
  /// The words a help may show on a line wider than the width, by width.
  ///
  /// Besides these, only examples are wider, and only at widths under 80: they are written to
  /// fit 80 columns and never broken. Each word is wider than the column it stands in, alone on
  /// its line; at 60 columns a description's column is 34 wide.
  static let allowedLongWords: [Int: Set<String>] = [
    80: [],
    60: ["name,date-modified,size,kind,date-added)."],
  ]

  // MARK: - Every command's help

  @Test(arguments: [80, 60])
  func noHelpLineIsWiderThanTheWidthButTheListedOnes(width: Int) async throws {
    var longWords: Set<String> = []
    for (arguments, name) in HelpSnapshotTests.commands {
      let console = CapturingConsole(width: width)
      #expect(await console.run(arguments + ["--help"]) == 0)
      var inExamples = false
      for line in console.outputText.split(separator: "\n", omittingEmptySubsequences: false) {
        if line == "EXAMPLES:" || line == "EXAMPLE:" {
          inExamples = true
        } else if let first = line.first, first != " " {
          inExamples = false
        }
        guard line.count > width else { continue }
        if inExamples {
          #expect(width < HelpWidth.standard, "\(name): an example wider than 80: \(line)")
          continue
        }
        let word = line.drop { $0 == " " }
        #expect(!word.contains(" "), "\(name) at \(width): \(line)")
        longWords.insert(String(word))
      }
    }
    #expect(longWords == Self.allowedLongWords[width])
  }

  @Test(arguments: HelpSnapshotTests.commands)
  func wrappingKeepsEveryWordInItsOrder(arguments: [String], snapshot: String) async {
    var texts: [[Substring]] = []
    for width in [40, 60, 80, 120] {
      let console = CapturingConsole(width: width)
      _ = await console.run(arguments + ["--help"])
      texts.append(console.outputText.split(whereSeparator: \.isWhitespace))
    }
    #expect(texts.allSatisfy { $0 == texts[0] }, "\(snapshot) loses or moves words when wrapped")
  }

  @Test func descriptionsContinueUnderTheirColumn() async {
    let console = CapturingConsole(width: 60)
    #expect(await console.run(["dmg", "build", "--help"]) == 0)
    let text = console.outputText
    #expect(
      text.contains(
        """
          -o, --output <file>     The image, or a folder for it;
                                  missing folders are made (default:
                                  <volume name>.dmg).
        """))
  }

  // MARK: - The width

  @Test func theWidthIsColumnsElseTheTerminalsElseEighty() {
    #expect(HelpWidth.resolve(environment: ["COLUMNS": "100"], terminalColumns: 132) == 100)
    #expect(HelpWidth.resolve(environment: [:], terminalColumns: 90) == 90)
    #expect(HelpWidth.resolve(environment: ["COLUMNS": "wide"], terminalColumns: nil) == 80)
    #expect(HelpWidth.resolve(environment: ["COLUMNS": "0"], terminalColumns: 70) == 70)
    #expect(HelpWidth.resolve(environment: [:], terminalColumns: nil) == 80)
    #expect(HelpWidth.resolve(environment: ["COLUMNS": "20"], terminalColumns: nil) == 40)
    #expect(HelpWidth.resolve(environment: [:], terminalColumns: 300) == 120)
    #expect(Console.standard(environment: ["COLUMNS": "64"]).width == 64)
  }

  // MARK: - The rules

  @Test func wordsFillLinesAndALongerWordStandsAlone() {
    #expect(WordWrap.lines("aa bb cc dd", width: 5) == ["aa bb", "cc dd"])
    #expect(
      WordWrap.lines("a https://example.com/x b", width: 8) == ["a", "https://example.com/x", "b"])
    #expect(WordWrap.lines("1\u{A0}MiB or more", width: 6) == ["1 MiB", "or", "more"])
  }

  @Test func aCodeSpanStaysWholeWhenItFitsALine() {
    #expect(
      WordWrap.lines("runs `xcrun stapler staple` then", width: 22)
        == ["runs", "`xcrun stapler staple`", "then"])
    #expect(
      WordWrap.lines("runs `xcrun stapler staple` then", width: 12)
        == ["runs `xcrun", "stapler", "staple` then"])
  }

  @Test func paragraphsAreReflowedAndIndentedLinesKept() {
    let source = """
      OVERVIEW: Build a disk image
      from an app.

      One
      paragraph here.
        shipyard dmg build a-very-long-example-line that stays
      """
    #expect(
      HelpProse.reflow(source, width: 24) == """
        OVERVIEW: Build a disk
                  image from an
                  app.

        One paragraph here.
          shipyard dmg build a-very-long-example-line that stays
        """)
  }

  @Test func aNarrowUsageLineContinuesUnderShipyard() {
    let line = UsageLine(
      prefix: "USAGE: shipyard notary history",
      elements: [.init(pieces: ["[--engine <native|apple>]"]), .init(pieces: ["[--json]"])])
    #expect(
      line.text(width: 42)
        == "USAGE: shipyard notary history\n       [--engine <native|apple>] [--json]")
  }
}
