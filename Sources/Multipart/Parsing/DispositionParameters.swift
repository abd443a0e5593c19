/// Reads the parameters of a `Content-Disposition` value as browsers and servers write them.
///
/// Quoted and unquoted values; the quoted pairs `\"` and `\\` (other backslashes kept, as browsers
/// send them raw); the WHATWG escapes `%22`, `%0D` and
/// `%0A` decoded in quoted values; `filename*` ignored, as RFC 7578 §4.2 says; names in any case.
///
/// ``read(_:)`` also says what RFC 7578 §4.2 and RFC 6266 §4.1 would reject: a parameter without
/// `=` or without a name, a quoted string with no closing quote, text after a closing quote.
enum DispositionParameters {
  /// A header value read leniently, with the first thing the grammar does not allow.
  struct Reading {
    /// The disposition type (`form-data`), as sent, without spaces.
    var type: Substring
    /// The parameters, names lowercased.
    var parameters: [String: String]
    /// The first departure from the grammar, as a phrase, or `nil` when there is none.
    var problem: String?
  }

  /// The parameters of `value`, leniently.
  static func parse(_ value: String) -> [String: String] { read(value).parameters }

  /// The type and parameters of `value`, and the first departure from the grammar.
  static func read(_ value: String) -> Reading {
    var result: [String: String] = [:]
    var characters = Substring(value)
    let type = characters.prefix { $0 != ";" }.trimmingSpaces
    var problem: String?
    func note(_ phrase: String) { if problem == nil { problem = phrase } }
    // Skip the disposition type.
    guard let semicolon = characters.firstIndex(of: ";") else {
      return Reading(type: type, parameters: result, problem: problem)
    }
    characters = characters[characters.index(after: semicolon)...]
    while !characters.isEmpty {
      characters = characters.drop { $0 == " " || $0 == "\t" || $0 == ";" }
      if characters.isEmpty { break }
      guard let equals = characters.firstIndex(of: "=") else {
        note("the parameter \(String(characters.prefix(40)).debugDescription) has no \"=\"")
        break
      }
      let name = characters[..<equals].trimmingSpaces.lowercased()
      if let semicolon = characters[..<equals].firstIndex(of: ";") {
        note(
          "the parameter \(String(characters[..<semicolon].prefix(40)).debugDescription) has no \"=\""
        )
      } else if name.isEmpty || name.contains("\"") {
        note(
          "the parameter \(String(characters[...equals].prefix(40)).debugDescription) has no name")
      }
      characters = characters[characters.index(after: equals)...].drop { $0 == " " || $0 == "\t" }
      var parameter = ""
      if characters.first == "\"" {
        characters = characters.dropFirst()
        var closed = false
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
            closed = true
            break
          } else {
            parameter.append(character)
          }
        }
        if !closed { note("the quoted value of \(name.debugDescription) has no closing quote") }
        parameter = decodeWHATWG(parameter)
        let after = characters.prefix { $0 != ";" }
        if !after.trimmingSpaces.isEmpty {
          note(
            "\(String(after.prefix(40)).debugDescription) follows the quoted value of \(name.debugDescription)"
          )
        }
        characters = characters[after.endIndex...]
      } else {
        let end = characters.firstIndex(of: ";") ?? characters.endIndex
        parameter = String(characters[..<end].trimmingSpaces)
        characters = characters[end...]
      }
      if !name.hasSuffix("*"), result[name] == nil { result[name] = parameter }
    }
    return Reading(type: type, parameters: result, problem: problem)
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
