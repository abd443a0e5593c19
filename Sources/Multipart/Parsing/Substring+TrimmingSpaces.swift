extension Substring {
  /// The text without leading and trailing spaces and tabs.
  var trimmingSpaces: Substring {
    var trimmed = self
    while let first = trimmed.first, first == " " || first == "\t" { trimmed = trimmed.dropFirst() }
    while let last = trimmed.last, last == " " || last == "\t" { trimmed = trimmed.dropLast() }
    return trimmed
  }
}
