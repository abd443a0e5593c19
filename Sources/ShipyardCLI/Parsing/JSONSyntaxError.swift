import Foundation

/// Where a file that is not valid JSON goes wrong, in lines and columns, from Foundation's
/// error (which names a character offset, or on newer Foundation a line and column).
struct JSONSyntaxError: CustomStringConvertible {
  /// The line, from 1.
  let line: Int
  /// The column, from 1.
  let column: Int
  /// Foundation's reason, such as `Invalid value`.
  let reason: String

  /// The position `error` names in `data`, or `nil` when it names none.
  init?(_ error: any Error, in data: Data) {
    guard let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String,
      !detail.isEmpty
    else { return nil }
    reason =
      detail.components(separatedBy: " around ").first?
      .trimmingCharacters(in: CharacterSet(charactersIn: ". ")) ?? detail
    let numbers = Self.numbers(after: ["line ", "column ", "character "], in: detail)
    if let line = numbers["line "], let column = numbers["column "] {
      (self.line, self.column) = (line, column)
    } else if let offset = numbers["character "] {
      let prefix = data.prefix(max(0, min(offset, data.count)))
      line = prefix.filter { $0 == 0x0A }.count + 1
      column = prefix.count - (prefix.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
    } else {
      return nil
    }
  }

  /// `line 3, column 16: Invalid value`.
  var description: String { "line \(line), column \(column): \(reason)" }

  private static func numbers(after labels: [String], in text: String) -> [String: Int] {
    var found: [String: Int] = [:]
    for label in labels {
      guard let range = text.range(of: label) else { continue }
      found[label] = Int(text[range.upperBound...].prefix { $0.isNumber })
    }
    return found
  }
}
