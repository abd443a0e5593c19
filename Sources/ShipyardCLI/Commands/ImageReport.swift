import Foundation

/// What `dmg inspect` and `dmg verify` share: one image argument and `--json`.
struct ImageReportArguments {
  let image: String
  let json: Bool

  /// `--json`.
  static let jsonFlag = OptionSpec<Bool>.flag("--json", help: "Prints the report as JSON.") {
    $0 = true
  }

  /// `--json`, for `command`.
  static func table(command: String) -> OptionTable<Bool> {
    OptionTable(command: command, [("OPTIONS", [jsonFlag])])
  }

  /// The image and `--json` among `arguments`, parsed by `table` (one of ``table(command:)``).
  init(_ arguments: [String], table: OptionTable<Bool>) throws(CommandError) {
    var json = false
    let positionals = try table.parse(arguments, into: &json)
    try self.init(positionals: positionals, json: json, command: table.command)
  }

  /// The one image among `positionals`, else a usage error for `command`.
  init(positionals: [String], json: Bool, command: String) throws(CommandError) {
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
    try console.printReport(report, json: json, text: text)
  }
}
