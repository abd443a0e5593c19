/// Reads the parameters of a `Content-Disposition` value as browsers and servers write them.
///
/// Quoted and unquoted values; the quoted pairs `\"` and `\\` (other backslashes kept, as browsers
/// send them raw); the WHATWG escapes `%22`, `%0D` and
/// `%0A` decoded in quoted values; `filename*` ignored, as RFC 7578 §4.2 says; names in any case.
enum DispositionParameters {
  static func parse(_ value: String) -> [String: String] {
    var result: [String: String] = [:]
    var characters = Substring(value)
    // Skip the disposition type.
    guard let semicolon = characters.firstIndex(of: ";") else { return result }
    characters = characters[characters.index(after: semicolon)...]
    while !characters.isEmpty {
      characters = characters.drop { $0 == " " || $0 == "\t" || $0 == ";" }
      guard let equals = characters.firstIndex(of: "=") else { break }
      let name = characters[..<equals].trimmingSpaces.lowercased()
      characters = characters[characters.index(after: equals)...].drop { $0 == " " || $0 == "\t" }
      var parameter = ""
      if characters.first == "\"" {
        characters = characters.dropFirst()
        while let character = characters.first {
          characters = characters.dropFirst()
          if character == "\\", let next = characters.first,
            next == "\\" || (next == "\"" && characters.dropFirst().contains("\""))
          {
            // A quoted pair, as Go and curl --form-escape write; browsers send a lone backslash
            // raw, so any other backslash stays, and so does one before the closing quote.
            parameter.append(next)
            characters = characters.dropFirst()
          } else if character == "\"" {
            break
          } else {
            parameter.append(character)
          }
        }
        parameter = decodeWHATWG(parameter)
        characters = characters.drop { $0 != ";" }
      } else {
        let end = characters.firstIndex(of: ";") ?? characters.endIndex
        parameter = String(characters[..<end].trimmingSpaces)
        characters = characters[end...]
      }
      if !name.hasSuffix("*"), result[name] == nil { result[name] = parameter }
    }
    return result
  }

  /// `%22`, `%0D` and `%0A` (either case) as `"`, CR and LF; other `%` left as they are.
  static func decodeWHATWG(_ text: String) -> String {
    guard text.contains("%") else { return text }
    var output = ""
    var rest = Substring(text)
    while let percent = rest.firstIndex(of: "%") {
      output += rest[..<percent]
      let code = rest[percent...].dropFirst().prefix(2).uppercased()
      switch code {
      case "22": output += "\""
      case "0D": output += "\r"
      case "0A": output += "\n"
      default:
        output += "%"
        rest = rest[rest.index(after: percent)...]
        continue
      }
      rest = rest[rest.index(percent, offsetBy: 3)...]
    }
    return output + rest
  }
}
