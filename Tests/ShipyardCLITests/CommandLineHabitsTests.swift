import Testing

@testable import ShipyardCLI

/// What users of other command-line tools type: `help <command>`, `-V`, `version`, and a typo
/// answered with what it most likely meant.
@Suite struct CommandLineHabitsTests {
  @Test(arguments: [["-V"], ["--version"], ["version"]])
  func theVersionHasThreeSpellings(arguments: [String]) async {
    let console = CapturingConsole()
    #expect(await console.run(arguments) == 0)
    #expect(console.outputText == Shipyard.version + "\n")
  }

  @Test func helpNamesACommandOrASubcommand() async {
    let group = CapturingConsole()
    #expect(await group.run(["help", "dmg"]) == 0)
    #expect(group.outputText == CommandGroup.dmg.help(width: 80) + "\n")
    let command = CapturingConsole()
    #expect(await command.run(["help", "dmg", "build"]) == 0)
    #expect(command.outputText == DMGBuildCommand.help(width: 80) + "\n")
    let root = CapturingConsole()
    #expect(await root.run(["help"]) == 0)
    #expect(root.outputText.hasPrefix("OVERVIEW: Shipyard builds"))
  }

  @Test func aMistypedSubcommandOrCommandIsAnswered() async {
    let subcommand = CapturingConsole()
    #expect(await subcommand.run(["dmg", "biuld", "x"]) == 64)
    #expect(
      subcommand.errors.contains("unknown subcommand \"biuld\" of dmg (did you mean 'build'?)"))
    let command = CapturingConsole()
    #expect(await command.run(["dgm", "build"]) == 64)
    #expect(command.errors.contains("unknown command \"dgm\" (did you mean 'dmg'?)"))
    let help = CapturingConsole()
    #expect(await help.run(["help", "dmg", "shipp"]) == 64)
    #expect(help.errors.contains("(did you mean 'ship'?)"))
  }

  @Test func aMistypedFlagIsAnswered() async {
    let console = CapturingConsole()
    #expect(await console.run(["dmg", "build", "x", "--backgound", "bg.png"]) == 64)
    #expect(console.errors.contains("unknown option --backgound (did you mean '--background'?)"))
  }

  @Test func farOrAmbiguousWordsGetNoSuggestion() {
    #expect(Suggestion.closest(to: "frobnicate", among: ["build", "ship"]) == nil)
    #expect(Suggestion.closest(to: "ab", among: ["aa", "bb"]) == nil)
    #expect(Suggestion.distance("biuld", "build") == 1)
    #expect(Suggestion.distance("", "abc") == 3)
  }
}
