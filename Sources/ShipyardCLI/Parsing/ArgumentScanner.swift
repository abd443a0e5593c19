/// Splits a command's arguments into options and positional arguments.
///
/// Options are `--name value`, `--name=value`, `-n value`, `-nvalue`, or flags; `--` ends the
/// options. Every option must be declared, so a typo is a usage error, not a silent positional.
struct ArgumentScanner {
  /// An option a command accepts.
  struct Option {
    /// Every spelling, such as `["-F", "--form"]`.
    let names: [String]
    /// Whether it takes a value.
    let takesValue: Bool
    /// The key results are stored under: the longest name.
    var key: String { names.max { $0.count < $1.count } ?? "" }

    static func value(_ names: String...) -> Option { Option(names: names, takesValue: true) }
    static func flag(_ names: String...) -> Option { Option(names: names, takesValue: false) }
  }

  /// The scanned command line.
  struct Result {
    /// Values by option key, in order of appearance.
    var values: [String: [String]] = [:]
    /// Positional arguments, in order.
    var positionals: [String] = []
    /// Every option with its value, in the order given (flags have an empty value).
    var ordered: [(key: String, value: String)] = []

    mutating func append(_ key: String, _ value: String) {
      values[key, default: []].append(value)
      ordered.append((key, value))
    }

    func has(_ key: String) -> Bool { values[key] != nil }
    func last(_ key: String) -> String? { values[key]?.last }
    func all(_ key: String) -> [String] { values[key] ?? [] }
  }

  let command: String
  let options: [Option]

  func scan(_ arguments: [String]) throws(CommandError) -> Result {
    var result = Result()
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "--" {
        result.positionals += arguments[index...]
        break
      }
      guard argument.hasPrefix("-"), argument != "-" else {
        result.positionals.append(argument)
        continue
      }
      let (option, inlineValue) = try match(argument)
      if !option.takesValue {
        guard inlineValue == nil else { throw usage("option \(option.key) takes no value") }
        result.append(option.key, "")
      } else if let inlineValue {
        result.append(option.key, inlineValue)
      } else {
        guard index < arguments.count else { throw usage("option \(argument) needs a value") }
        result.append(option.key, arguments[index])
        index += 1
      }
    }
    return result
  }

  private func match(_ argument: String) throws(CommandError) -> (Option, String?) {
    if argument.hasPrefix("--") {
      let parts = argument.split(separator: "=", maxSplits: 1)
      let name = String(parts[0])
      guard let option = options.first(where: { $0.names.contains(name) }) else {
        throw usage("unknown option \(name)" + Suggestion.hint(for: name, among: longNames))
      }
      return (option, parts.count > 1 ? String(parts[1]) : nil)
    }
    let name = String(argument.prefix(2))
    guard let option = options.first(where: { $0.names.contains(name) }) else {
      throw usage("unknown option \(argument)")
    }
    let rest = argument.dropFirst(2)
    return (option, rest.isEmpty ? nil : String(rest))
  }

  /// Every `--` spelling, for suggestions.
  private var longNames: [String] { options.flatMap(\.names).filter { $0.hasPrefix("--") } }

  func usage(_ message: String) -> CommandError {
    .usage(message, command: command)
  }
}
