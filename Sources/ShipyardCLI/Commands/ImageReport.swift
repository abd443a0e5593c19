import Foundation

/// What `dmg inspect` and `dmg verify` share: one image argument and `--json`.
struct ImageReportArguments {
  let image: String
  let json: Bool

  /// `--json`, for `command`.
  static func table(command: String) -> OptionTable<Bool> {
    OptionTable(
      command: command,
      [("OPTIONS", [.flag("--json", help: "Prints the report as JSON.") { $0 = true }])])
  }

  init(_ arguments: [String], command: String) throws(CommandError) {
    var json = false
    let positionals = try Self.table(command: command).parse(arguments, into: &json)
    guard positionals.count == 1 else {
      throw .usage(
        positionals.isEmpty ? "missing <image.dmg>" : "expected one <image.dmg>", command: command)
    }
    image = positionals[0]
    self.json = json
  }

  /// Prints `report` as pretty JSON with `--json`, else `text`.
  func print(_ report: some Encodable, text: @autoclosure () -> String, console: Console)
    throws(CommandError)
  {
    do {
      if json {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try console.print(String(decoding: try encoder.encode(report), as: UTF8.self))
      } else {
        try console.print(text())
      }
    } catch {
      throw .failure("cannot write the report: \(error)")
    }
  }
}
