/// Reads an option's value from its text, as given after the flag or as a configuration file's
/// string: swift-argument-parser's `ExpressibleByArgument`, as a value.
///
/// A parser that fails throws the origin's usage error, which names the flag, or the file and the
/// key, the text came from.
struct ValueParser<Value>: Sendable {
  /// Reads `text`, which came from `origin`.
  let parse: @Sendable (_ text: String, _ origin: ValueOrigin) throws(CommandError) -> Value
}

extension ValueParser where Value == String {
  /// The text as it is; a path is resolved from its configuration file's folder.
  static var string: Self { Self { text, origin in origin.path(text) } }
}

extension ValueParser where Value == Int {
  /// A whole number in `range`.
  static func integer(in range: ClosedRange<Int>) -> Self {
    Self { text, origin throws(CommandError) in
      guard let value = Int(text), range.contains(value) else {
        throw origin.error(
          "\(origin.name) takes \(range.lowerBound) to \(range.upperBound), not \(text.debugDescription)"
        )
      }
      return value
    }
  }

  /// A whole number above zero.
  static var positive: Self {
    Self { text, origin throws(CommandError) in
      guard let value = Int(text), value > 0 else {
        throw origin.error("\(origin.name) takes a positive number, not \(text.debugDescription)")
      }
      return value
    }
  }
}

extension ValueParser where Value: Sendable {
  /// One of a few words, each standing for a value.
  static func choice(_ cases: [(word: String, value: Value)]) -> Self {
    Self { text, origin throws(CommandError) in
      guard let value = cases.first(where: { $0.word == text })?.value else {
        throw origin.error(
          "\(origin.name) takes \(cases.map(\.word).joinedAsAlternatives), not \(text.debugDescription)"
        )
      }
      return value
    }
  }
}

extension ValueParser where Value: CaseIterable & RawRepresentable<String> & Sendable {
  /// One of the type's cases, spelled as its raw value.
  static var choice: Self { choice(Value.allCases.map { ($0.rawValue, $0) }) }
}

extension [String] {
  /// `a, b or c`.
  var joinedAsAlternatives: String {
    count < 2 ? joined() : dropLast().joined(separator: ", ") + " or " + (last ?? "")
  }
}
