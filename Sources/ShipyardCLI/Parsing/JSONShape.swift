/// How a configuration file's value becomes an option's values: text read by the option's
/// parser, `true` or `false` for a flag, or a list or an object that stands for several values.
struct JSONShape<Value>: Sendable {
  /// Reads `json`, found at `origin`, with the option's parser for text.
  let decode:
    @Sendable (_ json: Any, _ origin: ValueOrigin, _ parser: ValueParser<Value>)
      throws(CommandError) -> [Value]
}

extension JSONShape {
  /// A string or a number, read as the flag's text is.
  static var text: Self {
    Self { json, origin, parser throws(CommandError) in
      [try parser.parse(try origin.text(json), origin)]
    }
  }

  /// A list of strings, each read as one occurrence of the flag (`"add": ["README.pdf"]`).
  static func each(_ noun: String) -> Self {
    Self { json, origin, parser throws(CommandError) in
      guard let items = json as? [String] else {
        throw origin.error("\(origin.name) must be a list of \(noun)")
      }
      var values: [Value] = []
      for item in items { values.append(try parser.parse(item, origin)) }
      return values
    }
  }

  /// A list of strings that makes one value (`"columns": ["name", "size"]`).
  static func list(
    _ noun: String,
    _ read: @escaping @Sendable ([String], ValueOrigin) throws(CommandError) -> Value
  ) -> Self {
    Self { json, origin, _ throws(CommandError) in
      guard let items = json as? [String] else {
        throw origin.error("\(origin.name) must be a list of \(noun)")
      }
      return [try read(items, origin)]
    }
  }

  /// An object whose members are each one value, in the order of their keys
  /// (`"icons": {"MyApp.app": [180, 170]}`); `read` gets each key and its value.
  static func map(
    _ keys: String, to values: String, allowsEmpty: Bool = true,
    _ read: @escaping @Sendable (String, Any, ValueOrigin) throws(CommandError) -> Value
  ) -> Self {
    Self { json, origin, _ throws(CommandError) in
      guard let object = json as? [String: Any], allowsEmpty || !object.isEmpty else {
        throw origin.error("\(origin.name) must map \(keys) to \(values)")
      }
      var decoded: [Value] = []
      for key in object.keys.sorted() {
        decoded.append(try read(key, object[key] as Any, origin))
      }
      return decoded
    }
  }

  /// Any other JSON, read by `read` into one value.
  static func custom(
    _ read: @escaping @Sendable (Any, ValueOrigin) throws(CommandError) -> Value
  ) -> Self {
    Self { json, origin, _ throws(CommandError) in [try read(json, origin)] }
  }
}

extension JSONShape where Value == Bool {
  /// `true` or `false`, for a flag that takes no value.
  static var flag: Self {
    Self { json, origin, _ throws(CommandError) in [try origin.bool(json)] }
  }

  /// `false` for the flag, `true` for its absence: `"applicationsLink": false` is
  /// `--no-applications-link`.
  static var negated: Self {
    Self { json, origin, _ throws(CommandError) in [!(try origin.bool(json))] }
  }
}
