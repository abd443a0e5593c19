/// One `-F` argument, parsed with curl's syntax.
///
/// - `name=value`: a text field;
/// - `name=@path`: a file (`@-` reads standard input);
/// - `name=<path`: a text field whose value is read from a file;
/// - modifiers after `;`: `type=major/minor[;params]`, `filename=name`, `headers=Name: value`
///   or `headers=@file`.
///
/// Values, paths and modifier values may be double-quoted, with `\"` and `\\` inside, to hold `;`
/// or `,`; unquoted ones lose surrounding spaces. With `--form-string` the value is taken
/// literally: no `@`, `<` or modifiers.
struct FormFieldSpecification: Equatable {
  enum Content: Equatable {
    case text(String)
    case file(path: String)
    case textFile(path: String)
  }

  var name: String
  var content: Content
  var contentType: String?
  var filename: String?
  var headers: [Header] = []

  enum Header: Equatable {
    case line(String)
    case file(path: String)
  }

  /// Parses `argument`; errors name the argument and what is wrong with it.
  init(parsing argument: String, literal: Bool = false) throws(FormFieldSyntaxError) {
    guard let equals = argument.firstIndex(of: "=") else {
      throw FormFieldSyntaxError(argument, "expected name=value, name=@file or name=<file")
    }
    name = String(argument[..<equals])
    let rest = argument[argument.index(after: equals)...]
    if literal {
      content = .text(String(rest))
      return
    }
    var scanner = ParameterScanner(rest)
    switch rest.first {
    case "@":
      scanner.skip(1)
      let path = scanner.readWord(stoppingAt: ";,")
      guard !path.isEmpty else { throw FormFieldSyntaxError(argument, "no file after @") }
      content = .file(path: path)
    case "<":
      scanner.skip(1)
      let path = scanner.readWord(stoppingAt: ";")
      guard !path.isEmpty else { throw FormFieldSyntaxError(argument, "no file after <") }
      content = .textFile(path: path)
    default:
      content = .text(scanner.readWord(stoppingAt: ";"))
    }
    try readModifiers(&scanner, argument: argument)
  }

  private mutating func readModifiers(_ scanner: inout ParameterScanner, argument: String)
    throws(FormFieldSyntaxError)
  {
    while let separator = scanner.next() {
      if separator == "," {
        throw FormFieldSyntaxError(
          argument,
          "several files in one -F are not supported; give each file its own -F (quote a path that holds a comma)"
        )
      }
      scanner.skipSpaces()
      if scanner.consume("type=") {
        let type = scanner.readContentType()
        guard Self.isMediaType(type) else {
          throw FormFieldSyntaxError(
            argument, "type \(type.debugDescription) is not a MIME type of the form major/minor")
        }
        contentType = type
      } else if scanner.consume("filename=") {
        if case .textFile = content {
          throw FormFieldSyntaxError(argument, "filename= does not apply to <file fields")
        }
        filename = scanner.readWord(stoppingAt: ";")
      } else if scanner.consume("headers=") {
        if scanner.consume("@") || scanner.consume("<") {
          headers.append(.file(path: scanner.readWord(stoppingAt: ";")))
        } else {
          headers.append(.line(scanner.readWord(stoppingAt: ";")))
        }
      } else if scanner.consume("encoder=") {
        throw FormFieldSyntaxError(
          argument,
          "encoder= (Content-Transfer-Encoding) is not supported: RFC 7578 says senders should not use it"
        )
      } else {
        let unknown = scanner.readWord(stoppingAt: ";")
        throw FormFieldSyntaxError(
          argument, "unknown modifier \(unknown.debugDescription); quote the value to include ';'")
      }
    }
  }

  private static func isMediaType(_ type: String) -> Bool {
    let essence = type.prefix { $0 != ";" }.trimmingSpaces
    let halves = essence.split(separator: "/", omittingEmptySubsequences: false)
    return halves.count == 2 && halves.allSatisfy { !$0.isEmpty && !$0.contains(" ") }
  }
}

/// A `-F` argument that does not follow curl's syntax.
struct FormFieldSyntaxError: Error, Equatable, CustomStringConvertible {
  let argument: String
  let problem: String

  init(_ argument: String, _ problem: String) {
    self.argument = argument
    self.problem = problem
  }

  var description: String { "invalid -F \(argument.debugDescription): \(problem)" }
}

extension StringProtocol {
  /// The string without leading and trailing spaces and tabs.
  var trimmingSpaces: String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !isSpace($0) }),
      let last = lastIndex(where: { !isSpace($0) })
    else {
      return ""
    }
    return String(self[first...last])
  }
}
