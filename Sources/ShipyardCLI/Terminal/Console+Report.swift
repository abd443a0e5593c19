import Foundation

extension Console {
  /// Prints `report` as pretty JSON with sorted keys when `json`, else `text`.
  func printReport(_ report: some Encodable, json: Bool, text: () -> String) throws(CommandError) {
    do {
      if json {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try print(String(decoding: try encoder.encode(report), as: UTF8.self))
      } else {
        try print(text())
      }
    } catch {
      throw .failure("cannot write the report: \(error)")
    }
  }
}
