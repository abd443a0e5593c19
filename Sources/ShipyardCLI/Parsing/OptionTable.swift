/// A command's options, each declared once (``OptionSpec``), in the sections of its help.
///
/// Everything a command needs from its options comes from here: the scanner's declarations, the
/// help's USAGE line (``usage``, with the positional arguments and the options the command
/// needs, declared here too) and OPTIONS sections (``help``), and the decoding of a `--config`
/// file, whose keys apply before the command line's flags, so that the flags win:
///
/// ```swift
/// var arguments = DMGBuildArguments()
/// let positionals = try DMGBuildCommand.options.parse(arguments, into: &arguments)
/// ```
struct OptionTable<Options>: Sendable {
  /// A section of the help, such as `LAYOUT OPTIONS`, and the options it lists.
  struct Section: Sendable {
    /// The heading, without its colon.
    let title: String
    /// The options, in the order the help lists them.
    let specs: [OptionSpec<Options>]
  }

  /// Another way to call the command, shown as a USAGE line of its own, such as
  /// `dmg build --config <file.json> [-o <file>]`: options named by one of their flags.
  struct UsageForm: Sendable {
    /// The options this form needs.
    let required: [String]
    /// The options shown in brackets after them.
    let optional: [String]
  }

  // MARK: - Properties

  /// The command, such as `dmg build`, for the `See 'shipyard … --help'` line of errors.
  private(set) var command: String
  /// The sections, in order; the first one ends with `-h, --help`.
  let sections: [Section]
  /// Configuration keys this command does not read but `elsewhere.command` does, such as
  /// `sign` for `dmg build`: an error says where they belong.
  private(set) var elsewhere: (command: String, keys: [ConfigFormat: Set<String>])?
  /// The positional arguments as the USAGE line names them, such as `<image.dmg>`.
  private(set) var positionals: [String] = []
  /// The sets of options of which the command needs one, each option named by one of its flags,
  /// such as `["--identity", "--p12", "--pem"]`; a set of one is a required option.
  private(set) var requiredChoices: [[String]] = []
  /// Other ways to call the command, each a USAGE line of its own.
  private(set) var otherForms: [UsageForm] = []

  // MARK: - Lifecycle

  /// A table of `sections`, each a heading and its options.
  init(command: String, _ sections: [(title: String, specs: [OptionSpec<Options>])]) {
    self.command = command
    self.sections = sections.map { Section(title: $0.title, specs: $0.specs) }
  }

  // MARK: - API

  /// Every option, in order.
  var specs: [OptionSpec<Options>] { sections.flatMap(\.specs) }

  /// The table, its USAGE line naming the positional arguments `positionals`, such as
  /// `<image.dmg>`.
  func taking(_ positionals: String...) -> Self {
    var table = self
    table.positionals = positionals
    return table
  }

  /// The table, its command needing one of the options `flags` name (one flag of each option),
  /// as `dmg sign` needs `--identity`, `--p12` or `--pem`.
  func requiring(oneOf flags: [String]) -> Self {
    var table = self
    table.requiredChoices.append(flags)
    return table
  }

  /// The table, its command needing the option `flag` names.
  func requiring(_ flag: String) -> Self { requiring(oneOf: [flag]) }

  /// The table, with a USAGE line more for its command given the options `required` names and
  /// taking those `optional` names (one flag of each option), such as
  /// `dmg build --config <file.json> [-o <file>]`.
  func alsoUsable(with required: [String], optional: [String]) -> Self {
    var table = self
    table.otherForms.append(UsageForm(required: required, optional: optional))
    return table
  }

  /// The table for `command`, which takes the same options, needs the same ones, and takes
  /// `positionals`: `app notarize` takes the options of `dmg notarize`, and an app.
  func reused(by command: String, taking positionals: String...) -> Self {
    var table = self
    table.command = command
    table.positionals = positionals
    return table
  }

  /// The table, deferring to `other` the configuration keys that only `other` reads: a
  /// `dmg build` file with `sign` is an error saying that `sign` belongs to `dmg ship`.
  func deferringConfigKeys<Other>(to other: OptionTable<Other>) -> Self {
    var table = self
    var keys: [ConfigFormat: Set<String>] = [:]
    for format in [ConfigFormat.ours, .appdmg] {
      let ours = Set(specs.flatMap { $0.keys[format] ?? [] }.compactMap(\.topLevelKey))
      keys[format] = Set(other.specs.flatMap { $0.keys[format] ?? [] }.compactMap(\.topLevelKey))
        .subtracting(ours)
    }
    table.elsewhere = (other.command, keys)
    return table
  }

  /// Applies `arguments` to `options` and returns the positional arguments.
  ///
  /// The keys of the `--config` file apply first, if the table has that option and it is
  /// given, then every flag in the order given.
  func parse(_ arguments: [String], into options: inout Options) throws(CommandError)
    -> [String]
  {
    let specs = specs
    let flags = specs.filter { !$0.names.isEmpty }
    let scanner = ArgumentScanner(
      command: command,
      options: flags.map { .init(names: $0.names, takesValue: $0.placeholder != nil) })
    let scanned = try scanner.scan(arguments)
    var applications: [OptionSpec<Options>.Apply] = []
    if let config = flags.first(where: { $0.role == .configFile }),
      let path = scanned.last(config.name)
    {
      applications += try ConfigFile(path: path, table: self).applications()
    }
    let byName = Dictionary(flags.map { ($0.name, $0) }) { first, _ in first }
    for (name, value) in scanned.ordered {
      guard let spec = byName[name], spec.role == .option else { continue }
      var origin = ValueOrigin(name: name, file: nil, command: command)
      origin.isPath = spec.isPath
      applications.append(try spec.read(.text(value), origin))
    }
    for apply in applications { apply(&options) }
    return scanned.positionals
  }
}

extension String {
  /// The first component of a key path: `sign` for `sign.identity`.
  fileprivate var topLevelKey: String? {
    split(separator: ".").first.map(String.init)
  }
}
