/// Text made safe for XML written by hand.
package enum XMLText {
  /// `text` with `&`, `<`, `>` and `"` as references, for element text and attribute values in
  /// double quotes.
  package static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      default: result.append(character)
      }
    }
    return result
  }
}
