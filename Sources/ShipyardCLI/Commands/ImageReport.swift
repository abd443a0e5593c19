import Foundation

/// What `dmg inspect` and `dmg verify` share: one image argument and `--json`.
struct ImageReportArguments {
  let image: String
  let json: Bool

  init(_ arguments: [String], command: String) throws(CommandError) {
    let scanner = ArgumentScanner(command: command, options: [.flag("--json")])
    let scanned = try scanner.scan(arguments)
    guard scanned.positionals.count == 1 else {
      throw scanner.usage(
        scanned.positionals.isEmpty ? "missing <image.dmg>" : "expected one <image.dmg>")
    }
    image = scanned.positionals[0]
    json = scanned.has("--json")
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
