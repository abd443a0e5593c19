/// What an occurrence of an option holds.
enum OptionInput {
  /// The text after the flag (empty for a flag that takes no value).
  case text(String)
  /// A configuration file's value at `key`, in `format`.
  case json(Any, key: String, format: ConfigFormat)
}

/// What an option is to its table.
enum OptionRole: Sendable {
  /// An option that sets something.
  case option
  /// `--config`: the file whose keys are read before the command line.
  case configFile
}

/// One option, declared once: its flags, its keys in our JSON and in appdmg's, its help, and how
/// its value is read and applied to the options being built.
///
/// ```swift
/// .option(
///   "--icon-size", value: "<n>", .integer(in: 16...512), key: "iconSize", appdmg: "icon-size",
///   help: OptionHelp("The icons' size, 16 to 512.", default: .value(defaults.layout.iconSize))
/// ) { $0.options.layout.iconSize = $1 }
/// ```
///
/// The scanner's declarations, the help's USAGE line and OPTIONS sections and the decoding of
/// configuration files all come from these (see ``OptionTable``).
struct OptionSpec<Options>: Sendable {
  /// Applies one occurrence's values to the options being built.
  typealias Apply = (inout Options) -> Void

  // MARK: - Properties

  /// The spellings on the command line, such as `["-o", "--output"]`; none for a key that only
  /// configuration files have.
  let names: [String]
  /// The value's placeholder in help, such as `<file>`; `nil` for a flag that takes no value.
  let placeholder: String?
  /// The key paths in each configuration format.
  let keys: [ConfigFormat: [String]]
  /// The keys among ``keys`` that must be there whenever the object holding them is.
  var requiredKeys: [ConfigFormat: Set<String>] = [:]
  /// The help entry.
  var help: OptionHelp
  /// Whether every occurrence adds a value; otherwise the last one wins (a file's come first,
  /// so the command line wins over it).
  let isRepeatable: Bool
  /// Whether the value is a path, relative to the configuration file it came from.
  let isPath: Bool
  /// What the option is to its table.
  let role: OptionRole
  /// Reads one occurrence, which came from `origin`, into what applies it; errors are usage
  /// errors naming the flag, or the file and the key.
  let read: @Sendable (_ input: OptionInput, _ origin: ValueOrigin) throws(CommandError) -> Apply

  // MARK: - API

  /// The name errors and the scanner use: the longest spelling.
  var name: String { names.max { $0.count < $1.count } ?? keys.values.first?.first ?? "" }

  /// An option that takes a value, read by `parser` and applied by `apply`.
  ///
  /// - Parameters:
  ///   - names: The spellings, such as `"-o", "--output"`.
  ///   - placeholder: The value's placeholder in help, such as `<file>`.
  ///   - parser: Reads the value's text.
  ///   - key: Our JSON key, if the option has one.
  ///   - appdmg: appdmg's JSON key, if the option has one.
  ///   - path: Whether the value is a path, relative to its configuration file.
  ///   - repeatable: Whether each occurrence adds a value.
  ///   - help: The help entry.
  ///   - apply: Sets the value in the options being built.
  /// - Returns: The option.
  static func option<Value>(
    _ names: String..., value placeholder: String, _ parser: ValueParser<Value>,
    key: ConfigKey<Value>? = nil, appdmg: ConfigKey<Value>? = nil, path: Bool = false,
    repeatable: Bool = false, help: OptionHelp,
    apply: @escaping @Sendable (inout Options, Value) -> Void
  ) -> Self {
    make(
      names, placeholder, parser, keys: [.ours: key, .appdmg: appdmg], defaultShape: .text,
      path: path, repeatable: repeatable, help: help, apply: apply)
  }

  /// A flag that takes no value, applied by `apply` when given, or when a file's key is `true`
  /// (`false` when it is a negated key, such as `"applicationsLink": false`); a file's `false`
  /// is the flag's absence.
  static func flag(
    _ names: String..., key: ConfigKey<Bool>? = nil, appdmg: ConfigKey<Bool>? = nil,
    help: OptionHelp, apply: @escaping @Sendable (inout Options) -> Void
  ) -> Self {
    make(
      names, nil, ValueParser { _, _ in true }, keys: [.ours: key, .appdmg: appdmg],
      defaultShape: .flag, path: false, repeatable: false, help: help,
      apply: { options, isOn in if isOn { apply(&options) } })
  }

  /// A key that only configuration files have, such as `source` or appdmg's `contents`.
  static func fileKey<Value>(
    _ key: ConfigKey<Value>?, appdmg: ConfigKey<Value>? = nil, _ parser: ValueParser<Value>,
    path: Bool = false, repeatable: Bool = false,
    apply: @escaping @Sendable (inout Options, Value) -> Void
  ) -> Self {
    make(
      [], nil, parser, keys: [.ours: key, .appdmg: appdmg], defaultShape: .text, path: path,
      repeatable: repeatable, help: .hidden, apply: apply)
  }

  /// A key a configuration format allows that stands for nothing here, such as appdmg's
  /// `$schema`.
  static func ignoredKey(appdmg: String) -> Self {
    fileKey(
      nil, appdmg: ConfigKey(appdmg, .custom { _, _ in }), ValueParser { _, _ in },
      apply: { _, _ in })
  }

  /// `--config <file.json>`: the file ``OptionTable`` reads before the command line.
  static func configFile(help: OptionHelp) -> Self {
    OptionSpec(
      names: ["--config"], placeholder: "<file.json>", keys: [:], help: help,
      isRepeatable: false, isPath: false, role: .configFile, read: { _, _ in { _ in } })
  }

  /// The option applied to the `Options` inside a larger value: `dmg ship` takes the build
  /// options at `\.build`, as swift-argument-parser's `@OptionGroup` does.
  func lifted<Parent>(_ path: any WritableKeyPath<Parent, Options> & Sendable) -> OptionSpec<Parent>
  {
    let read = read
    return OptionSpec<Parent>(
      names: names, placeholder: placeholder, keys: keys, requiredKeys: requiredKeys, help: help,
      isRepeatable: isRepeatable, isPath: isPath, role: role,
      read: { input, origin throws(CommandError) in
        let apply = try read(input, origin)
        return { parent in apply(&parent[keyPath: path]) }
      })
  }

  /// The option with another help entry (the same flag, described for another command).
  func with(help: OptionHelp) -> Self {
    var spec = self
    spec.help = help
    return spec
  }

  // MARK: - Implementation

  private static func make<Value>(
    _ names: [String], _ placeholder: String?, _ parser: ValueParser<Value>,
    keys: [ConfigFormat: ConfigKey<Value>?], defaultShape: JSONShape<Value>, path: Bool,
    repeatable: Bool, help: OptionHelp, apply: @escaping @Sendable (inout Options, Value) -> Void
  ) -> Self {
    var shapes: [ConfigFormat: [String: JSONShape<Value>]] = [:]
    for (format, key) in keys {
      for entry in key?.entries ?? [] { shapes[format, default: [:]][entry.path] = entry.shape }
    }
    let paths = keys.compactMapValues { $0.map { $0.entries.map(\.path) } }
    let required = keys.compactMapValues {
      $0.map { Set($0.entries.filter(\.isRequired).map(\.path)) }
    }
    return OptionSpec(
      names: names, placeholder: placeholder, keys: paths, requiredKeys: required, help: help,
      isRepeatable: repeatable, isPath: path, role: .option,
      read: { [shapes] input, origin throws(CommandError) in
        let values: [Value]
        switch input {
        case .text(let text): values = [try parser.parse(text, origin)]
        case .json(let json, let key, let format):
          values = try (shapes[format]?[key] ?? defaultShape).decode(json, origin, parser)
          // A list or an object of several values stands for several occurrences.
          precondition(
            repeatable || values.count == 1, "\(key) gives several values to a single option")
        }
        return { options in for value in values { apply(&options, value) } }
      })
  }
}
