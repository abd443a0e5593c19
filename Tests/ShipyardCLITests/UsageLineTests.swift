import Distribution
import Foundation
import Testing

@testable import ShipyardCLI

/// The USAGE lines, made from the option tables, and the defaults the help shows, made from the
/// values the code starts with.
@Suite struct UsageLineTests {
  /// Every command, by its path.
  static let commands: [String: any ShipyardCommand.Type] = Dictionary(
    uniqueKeysWithValues: CommandGroup.all.flatMap(\.subcommands).map { ($0.path, $0) })

  // MARK: - Every command's USAGE line

  @Test(arguments: commands.keys.sorted())
  func theHelpShowsTheUsageLineOfTheTable(path: String) throws {
    let command = try #require(Self.commands[path])
    #expect(command.help.contains("\n\n\(Self.usage(of: command))\n\n"))
  }

  @Test(arguments: commands.keys.sorted())
  func theUsageLineNamesOnlyFlagsOfTheTable(path: String) throws {
    let command = try #require(Self.commands[path])
    let usage = Self.usage(of: command)
    #expect(usage.hasPrefix("USAGE: shipyard \(path)"))
    let named = Self.flags(in: usage)
    #expect(!named.isEmpty)
    let unknown = named.subtracting(Self.flags(of: command))
    #expect(unknown.isEmpty, "\(path)'s USAGE line names \(unknown.sorted())")
  }

  @Test(arguments: commands.keys.sorted())
  func theOptionsACommandNeedsAreInItsTable(path: String) throws {
    let command = try #require(Self.commands[path])
    let declared = Self.declaredFlags(of: command)
    let unknown = Set(declared).subtracting(Self.flags(of: command))
    #expect(unknown.isEmpty, "\(path) needs \(unknown.sorted()), which its table lacks")
  }

  @Test func theCommandsThatNeedAnIdentityOrCredentialsSayWhich() {
    func words(_ usage: String) -> String {
      usage.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
    #expect(
      words(DMGSignCommand.table.usage).contains(
        "<image.dmg> (--identity <name> | --p12 <file> | --p12-base64-env <VAR> | --pem <file> "
          + "| --ad-hoc) "
          + "[--engine"))
    #expect(
      words(AppNotarizeCommand.table.usage).contains(
        "<App.app> (--keychain-profile <name> | --apple-id <email> --team-id <id> "
          + "--password-env <VAR> | --key <file> [--key-id <id>] [--issuer <uuid>] "
          + "| --key-base64-env <VAR>) [--timeout"))
  }

  // MARK: - The rules, on a table of its own

  struct Toy {
    var names: [String] = []
    var key: String?
    var loud = false
  }

  static func toyTable(extra: Int) -> OptionTable<Toy> {
    OptionTable<Toy>(
      command: "toy",
      [
        (
          "OPTIONS",
          [
            .option("-n", "--name", value: "<name>", .string, repeatable: true, help: "A name.") {
              $0.names.append($1)
            },
            .option("--key", value: "<file>", .string, help: "A key.") { $0.key = $1 },
            .option("--key-id", value: "<id>", .string, help: .optionalWithPrevious) {
              $0.key = $1
            },
            .flag("--loud", help: "Shouts.") { $0.loud = true },
            .flag("--hidden", help: .hidden) { $0.loud = true },
          ]
        ),
        (
          "MORE OPTIONS (rarely needed)",
          (0..<extra).map { index in .flag("--more-\(index)", help: "More.") { $0.loud = true } }
        ),
      ]
    )
  }

  @Test func theUsageLineListsPositionalsThenNeededOptionsThenTheOthersInBrackets() {
    let table = Self.toyTable(extra: 1).taking("<file>").requiring(oneOf: ["--name", "--key"])
    #expect(
      table.usage(width: 100)
        == "USAGE: shipyard toy <file> (-n <name>... | --key <file> [--key-id <id>]) [--loud] [--more-0]"
    )
    #expect(
      Self.toyTable(extra: 0).requiring("--name").usage
        == "USAGE: shipyard toy -n <name>... [--key <file> [--key-id <id>]] [--loud]")
  }

  @Test func aSectionWithMoreThanTwelveOptionsInBracketsIsItsTitle() {
    let limit = OptionTable<Toy>.listedOptionLimit
    #expect(Self.toyTable(extra: limit).usage.hasSuffix("[--more-\(limit - 1)]"))
    #expect(
      Self.toyTable(extra: limit + 1).usage(width: 100).hasSuffix("[--loud] [more options]"))
  }

  @Test func anotherFormIsALineOfItsOwn() {
    let table = Self.toyTable(extra: 0).taking("<file>").alsoUsable(
      with: ["--key"], optional: ["--loud"])
    #expect(
      table.usage.hasSuffix("\n       shipyard toy --key <file> [--key-id <id>] [--loud]"))
  }

  @Test func aLongLineWrapsUnderItsFirstElementAndAChoiceBreaksBeforeItsBars() {
    let line = UsageLine(
      prefix: "USAGE: x",
      elements: [
        .init(pieces: ["<a>"]), .init(pieces: ["(--one <1>", "| --two <2>", "| --three <3>)"]),
        .init(pieces: ["[--four]"]),
      ])
    #expect(line.text(width: 100) == "USAGE: x <a> (--one <1> | --two <2> | --three <3>) [--four]")
    #expect(
      line.text(width: 48)
        == "USAGE: x <a>\n         (--one <1> | --two <2> | --three <3>)\n         [--four]")
    #expect(
      line.text(width: 30)
        == "USAGE: x <a> (--one <1>\n         | --two <2>\n         | --three <3>)\n         [--four]"
    )
  }

  // MARK: - Defaults from the code

  @Test(arguments: [
    (60.0, "60s"), (3600, "1h"), (7200, "2h"), (5400, "5400s"), (1.5, "1.5s"), (0, "0s"),
  ])
  func durationsShowInWholeHoursElseSeconds(seconds: TimeInterval, text: String) throws {
    #expect(HelpDefault.duration(seconds).text == text)
    let origin = ValueOrigin(name: "--timeout", file: nil, command: "toy")
    #expect(try ValueParser.duration(allowsZero: true).parse(text, origin) == seconds)
  }

  /// The build options whose help shows a value: given as the flag, it leaves the options as a
  /// build starts with them.
  @Test(arguments: [
    "--owner", "--free-space", "--window", "--window-position", "--icon-size", "--text-size",
    "--applications-link-name", "--sidebar-width", "--grid-spacing", "--list-icon-size",
    "--list-text-size",
  ])
  func aBuildOptionsDefaultIsTheValueTheBuildStartsWith(flag: String) throws {
    var given = DMGBuildArguments()
    _ = try DMGBuildCommand.table.parse([flag, try Self.shownDefault(of: flag)], into: &given)
    let start = DMGBuildArguments().options
    var layout = given.options.layout
    if layout.listView == ListViewSettings() { layout.listView = start.layout.listView }
    #expect(layout == start.layout)
    #expect(given.options.ownerID == start.ownerID && given.options.groupID == start.groupID)
    #expect(given.options.freeSpace == start.freeSpace)
    #expect(given.options.applicationsLinkName == start.applicationsLinkName)
  }

  @Test func theTimeoutsDefaultsAreTheNotaryArgumentsInitialValues() throws {
    var given = DMGNotarizeCommand.Arguments()
    _ = try DMGNotarizeCommand.table.parse(
      [
        "--timeout", try Self.shownDefault(of: "--timeout"),
        "--ticket-timeout", try Self.shownDefault(of: "--ticket-timeout"),
      ], into: &given)
    #expect(given.notary.timeout == NotaryArguments().timeout)
    #expect(given.notary.ticketTimeout == NotaryArguments().ticketTimeout)
    var staple = DMGStapleCommand.Arguments()
    _ = try DMGStapleCommand.table.parse(
      [
        "--ticket-timeout",
        try Self.shownDefault(of: "--ticket-timeout", in: DMGStapleCommand.table),
      ],
      into: &staple)
    #expect(staple.ticketTimeout == DMGStapleCommand.Arguments().ticketTimeout)
  }

  @Test func theTimestampURLsDefaultIsTheNativeEngines() throws {
    let help = DMGSignCommand.help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(help.contains("else \(NativeEngine.Configuration.defaultTimestampURL))."))
  }

  // MARK: - Helpers

  /// The USAGE line (and those of other forms) of `command`'s table.
  static func usage<Command: ShipyardCommand>(of command: Command.Type) -> String {
    Command.table.usage
  }

  /// The flags `command`'s table has.
  static func flags<Command: ShipyardCommand>(of command: Command.Type) -> Set<String> {
    Set(Command.table.specs.flatMap(\.names))
  }

  /// The flags `command`'s table names in its choices and other forms.
  static func declaredFlags<Command: ShipyardCommand>(of command: Command.Type) -> [String] {
    let table = Command.table
    return table.requiredChoices.flatMap { $0 }
      + table.otherForms.flatMap { $0.required + $0.optional }
  }

  /// The flags a USAGE line names: each word starting with `-` after any `[`, `(` or `|`, up to
  /// the first character that is not a letter, a digit or `-`.
  static func flags(in usage: String) -> Set<String> {
    Set(
      usage.split(whereSeparator: \.isWhitespace).compactMap { word in
        let flag = word.drop { "[(|".contains($0) }.prefix {
          $0.isLetter || $0.isNumber || $0 == "-"
        }
        return flag.count > 1 && flag.hasPrefix("-") ? String(flag) : nil
      })
  }

  /// The default `flag`'s help shows in `table`.
  static func shownDefault<Options>(
    of flag: String, in table: OptionTable<Options>
  ) throws -> String {
    let spec = try #require(table.specs.first { $0.names.contains(flag) })
    return try #require(spec.help.defaultValue)
  }

  /// The default `flag`'s help shows in `dmg build`, or else in `dmg notarize`.
  static func shownDefault(of flag: String) throws -> String {
    if DMGBuildCommand.table.specs.contains(where: { $0.names.contains(flag) }) {
      return try shownDefault(of: flag, in: DMGBuildCommand.table)
    }
    return try shownDefault(of: flag, in: DMGNotarizeCommand.table)
  }
}
