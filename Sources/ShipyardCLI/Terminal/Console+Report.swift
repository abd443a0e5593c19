import Foundation

extension Console {
  /// Prints `report` as pretty JSON with sorted keys when `json`, else `text` (nothing when it is
  /// empty).
  ///
  /// Slashes stay as they are (`"dist/MyApp.dmg"`, not `"dist\/MyApp.dmg"`): JSON allows both,
  /// and paths read better, and grep better, unescaped.
  func printReport(_ report: some Encodable, json: Bool, text: () -> String) throws(CommandError) {
    do {
      if json {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try print(String(decoding: try encoder.encode(report), as: UTF8.self))
      } else {
        let words = text()
        if !words.isEmpty { try print(words) }
      }
    } catch {
      throw .failure("cannot write the report: \(error)")
    }
  }
}
