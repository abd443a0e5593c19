/// The signing identifier of code that has no bundle identifier of its own (reference §9).
enum CodeIdentifier {
  /// The identifier of a helper tool, dylib or module from its file name: the last extension
  /// removed unless it is numeric, then trailing numeric `.N` parts trimmed, so
  /// `foo1.2.dylib` → `foo1`, `libEGL.dylib` → `libEGL`, `addon.node` → `addon`.
  static func fromFileName(_ name: String) -> String {
    var parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    if parts.count > 1, let last = parts.last, !isNumeric(last) { parts.removeLast() }
    while parts.count > 1, let last = parts.last, isNumeric(last) { parts.removeLast() }
    let trimmed = parts.joined(separator: ".")
    return trimmed.isEmpty ? name : trimmed
  }

  private static func isNumeric(_ part: String) -> Bool {
    !part.isEmpty && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber)
  }
}
