import Foundation
import ShipyardTestSupport
import Testing

@testable import ShipyardCLI

/// The option table on a small command of its own: flags and a configuration file applied in
/// order, the file first; errors that name the flag, or the file and the key path; the help.
@Suite struct OptionTableTests {
  struct Toy {
    var name: String?
    var tags: [String] = []
    var loud = false
    var size = 1
  }

  static let table = OptionTable<Toy>(
    command: "toy",
    [
      (
        "OPTIONS",
        [
          .option(
            "-n", "--name", value: "<name>", .string, key: "name", appdmg: "title",
            help: "The name."
          ) { $0.name = $1 },
          .option(
            "--tag", value: "<tag>", .string, key: ConfigKey("tags", .each("tags")),
            repeatable: true, help: "A tag (repeatable)."
          ) { $0.tags.append($1) },
          .configFile(help: "Reads the options from a JSON file."),
        ]
      ),
      (
        "STYLE OPTIONS",
        [
          .flag("--loud", key: "style.loud", help: "Shouts.") { $0.loud = true },
          .option(
            "--size", value: "<n>", .integer(in: 1...9), key: "style.size",
            help: OptionHelp("The size, 1 to 9.", default: "1")
          ) { $0.size = $1 },
        ]
      ),
    ])

  private func parse(_ arguments: [String]) throws -> (Toy, [String]) {
    var toy = Toy()
    let positionals = try Self.table.parse(arguments, into: &toy)
    return (toy, positionals)
  }

  @Test func flagsApplyInOrderTheLastWinsAndRepeatableOnesAdd() throws {
    let (toy, positionals) = try parse([
      "a", "-n", "first", "--tag", "x", "--name=second", "--tag=y", "--loud", "b", "--", "-c",
    ])
    #expect(toy.name == "second" && toy.tags == ["x", "y"] && toy.loud)
    #expect(positionals == ["a", "b", "-c"])
  }

  @Test func aFilesKeysApplyFirstSoFlagsWin() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let file = try folder.write(
      Array(#"{"name": "file", "tags": ["x"], "style": {"loud": true, "size": 3}}"#.utf8),
      to: "toy.json")
    let (toy, _) = try parse(["--name", "flag", "--config", file.path, "--tag", "y"])
    #expect(toy.name == "flag" && toy.tags == ["x", "y"] && toy.loud && toy.size == 3)
  }

  @Test(arguments: [
    (#"{"style": {"colour": 1}}"#, "unknown key style.colour (known: style.loud, style.size)"),
    (#"{"style": 5}"#, "style must be an object"),
    (#"{"style": {"size": 10}}"#, #"style.size takes 1 to 9, not "10""#),
    (#"{"style": {"loud": "yes"}}"#, "style.loud must be true or false"),
    (#"{"tags": "x"}"#, "tags must be a list of tags"),
    (#"{"title": "x", "contents": []}"#, "unknown key contents (known: title)"),
  ])
  func aFilesMistakesNameTheFileAndTheKey(json: String, message: String) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let file = try folder.write(Array(json.utf8), to: "toy.json")
    #expect(throws: CommandError.usage("\(file.path): \(message)", command: "toy")) {
      try parse(["--config", file.path])
    }
  }

  @Test func aFlagsMistakeNamesTheFlag() {
    #expect(throws: CommandError.usage(#"--size takes 1 to 9, not "0""#, command: "toy")) {
      try parse(["--size", "0"])
    }
    #expect(throws: CommandError.usage("unknown option --colour", command: "toy")) {
      try parse(["--colour", "red"])
    }
  }

  @Test func theHelpComesFromTheTable() {
    #expect(
      Self.table.help == """
        OPTIONS:
          -n, --name <name>       The name.
          --tag <tag>             A tag (repeatable).
          --config <file.json>    Reads the options from a JSON file.
          -h, --help              Shows this help.

        STYLE OPTIONS:
          --loud                  Shouts.
          --size <n>              The size, 1 to 9 (default: 1).
        """)
  }
}
