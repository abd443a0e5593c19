import Testing

@testable import ShipyardCLI

/// A command line of an EXAMPLES (or EXAMPLE) section of a command's `--help`, as written.
struct HelpExample: Sendable, CustomTestStringConvertible {
  /// The command whose help shows it, such as `dmg build`.
  let command: String
  /// The command line, its ` \` continuations joined into one line.
  let line: String

  var testDescription: String { line }

  /// Every example of every command's help, in the order the help shows them.
  static let all: [HelpExample] = CommandGroup.all.flatMap(\.subcommands).flatMap { command in
    examples(in: command.help(width: HelpWidth.standard)).map {
      HelpExample(command: command.path, line: $0)
    }
  }

  /// The command lines of `help`'s EXAMPLES sections: their indented lines, a line ending in
  /// ` \` continued by the next.
  static func examples(in help: String) -> [String] {
    var examples: [String] = []
    var inExamples = false
    var pending: String?
    for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
      if line == "EXAMPLES:" || line == "EXAMPLE:" {
        inExamples = true
        continue
      }
      guard inExamples, line.first == " " else {
        inExamples = inExamples && line.isEmpty
        continue
      }
      let text = line.drop { $0 == " " }
      let joined = pending.map { $0 + " " + text } ?? String(text)
      if joined.hasSuffix(" \\") {
        pending = String(joined.dropLast(2))
      } else {
        examples.append(joined)
        pending = nil
      }
    }
    return examples
  }

  /// The line's words as `sh` splits them (quotes removed), up to a `#` comment.
  var words: [String] {
    var words: [String] = []
    var word: String?
    var quote: Character?
    for character in line {
      if let open = quote {
        if character == open { quote = nil } else { word = (word ?? "") + String(character) }
      } else if character == "'" || character == "\"" {
        quote = character
        word = word ?? ""
      } else if character == " " {
        if let done = word { words.append(done) }
        word = nil
      } else if character == "#", word == nil {
        break
      } else {
        word = (word ?? "") + String(character)
      }
    }
    return words + (word.map { [$0] } ?? [])
  }

  /// Parses the line through its command's `init(arguments:environment:)`, as `shipyard` would
  /// before running it: an unknown flag or a wrong value throws.
  func parse(environment: [String: String] = [:]) throws {
    let words = words
    let path = words.dropFirst().prefix(2).joined(separator: " ")
    guard words.first == "shipyard",
      let type = CommandGroup.all.flatMap(\.subcommands).first(where: { $0.path == path })
    else { throw HelpExampleError(line: line, message: "names no command of shipyard") }
    do {
      _ = try type.init(arguments: Array(words.dropFirst(3)), environment: environment)
    } catch {
      throw HelpExampleError(line: line, message: "\(error)")
    }
  }
}

/// An example that does not parse.
struct HelpExampleError: Error, CustomStringConvertible {
  let line: String
  let message: String
  var description: String { "\(line): \(message)" }
}
