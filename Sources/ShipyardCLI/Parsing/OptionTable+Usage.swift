/// The USAGE line of a command's help, made from its table: the command, its positional
/// arguments (``positionals``), the options it needs (``requiredChoices``), then the others in
/// brackets, in the table's order.
///
/// ```
/// USAGE: shipyard dmg sign <image.dmg> (--identity <name> | --p12 <file> | --pem <file>)
///                          [--engine <native|apple|rcodesign>] [--keychain <path>]
/// ```
///
/// The rules, swift-argument-parser's where it has one:
/// - An option is its first spelling and its placeholder (`-o <file>`), followed by the options
///   its help entry shows with it (`--key <file> [--key-id <id>] [--issuer <uuid>]`); `...`
///   follows a repeatable one.
/// - A choice the command needs is `(a <x> | b <y>)`, an option it needs is bare, any other
///   option is in brackets.
/// - A section with more than ``listedOptionLimit`` options in brackets is summarized as its
///   title, such as `[layout options]` (swift-argument-parser's `[<options>]`).
/// - Hidden options, and `-h, --help`, are left out.
extension OptionTable {
  /// One option of the synopsis, with the options its help entry shows with it.
  private struct UsageOption {
    /// The option's spellings, by which a choice names it.
    let names: [String]
    /// `-o <file>`, or `--key <file> [--key-id <id>] [--issuer <uuid>]`.
    var synopsis: String
    /// Whether each occurrence adds a value.
    let isRepeatable: Bool

    /// The option where the command needs it.
    var required: String { synopsis + (isRepeatable ? "..." : "") }
    /// The option where the command may take it.
    var optional: String { "[\(synopsis)]" + (isRepeatable ? "..." : "") }
  }

  /// The most options in brackets a section's part of the synopsis lists; a section with more is
  /// its title in brackets.
  static var listedOptionLimit: Int { 12 }

  /// The USAGE lines at the standard width (``HelpWidth/standard``), as the commands' help texts
  /// interpolate them; ``ShipyardCommand/help(width:)`` renders them again at the console's.
  var usage: String { usage(width: HelpWidth.standard) }

  /// The USAGE line, and a line more for each of ``otherForms``, wrapped to `width` columns.
  func usage(width: Int) -> String {
    let bySection = sections.map { Self.usageOptions(of: $0.specs) }
    let all = bySection.joined()
    func option(_ flag: String) -> UsageOption {
      // A flag the table lacks shows as it is (a test checks that none does).
      all.first { $0.names.contains(flag) }
        ?? UsageOption(names: [flag], synopsis: flag, isRepeatable: false)
    }
    let chosen = Set(requiredChoices.joined().map(option).flatMap(\.names))
    var elements = positionals.map { UsageLine.Element(pieces: [$0]) }
    elements += requiredChoices.map { Self.choice($0.map(option)) }
    for (section, options) in zip(sections, bySection) {
      let listed = options.filter { chosen.isDisjoint(with: $0.names) }
      elements +=
        listed.count > Self.listedOptionLimit
        ? [UsageLine.Element(pieces: ["[\(section.summary)]"])]
        : listed.map { UsageLine.Element(pieces: [$0.optional]) }
    }
    var lines = [UsageLine(prefix: "USAGE: shipyard \(command)", elements: elements)]
    for form in otherForms {
      let words =
        form.required.map { option($0).required } + form.optional.map { option($0).optional }
      lines.append(
        UsageLine(
          prefix: "       shipyard \(command)", elements: words.map { .init(pieces: [$0]) }))
    }
    return lines.map { $0.text(width: width) }.joined(separator: "\n")
  }

  // MARK: - Implementation

  /// The options `specs` show, each with the options its help entry shows with it.
  private static func usageOptions(of specs: [OptionSpec<Options>]) -> [UsageOption] {
    var options: [UsageOption] = []
    for spec in specs {
      let synopsis = ([spec.names.first ?? spec.name] + [spec.placeholder].compactMap { $0 })
        .joined(separator: " ")
      switch spec.help.placement {
      case .hidden: continue
      case .entry, .listedWithPrevious:
        options.append(
          UsageOption(names: spec.names, synopsis: synopsis, isRepeatable: spec.isRepeatable))
      case .withPrevious: options[options.count - 1].synopsis += " " + synopsis
      case .optionalWithPrevious: options[options.count - 1].synopsis += " [\(synopsis)]"
      }
    }
    return options
  }

  /// `(a <x> | b <y>)`, breakable before each `|`; the option alone when there is one; `...`
  /// after the parenthesis when every option repeats.
  private static func choice(_ options: [UsageOption]) -> UsageLine.Element {
    guard options.count > 1 else { return UsageLine.Element(pieces: options.map(\.required)) }
    let allRepeat = options.allSatisfy(\.isRepeatable)
    var pieces = options.enumerated().map { index, option in
      (index == 0 ? "(" : "| ") + (allRepeat ? option.synopsis : option.required)
    }
    pieces[pieces.count - 1] += ")" + (allRepeat ? "..." : "")
    return UsageLine.Element(pieces: pieces)
  }
}

extension OptionTable.Section {
  /// The section as the USAGE line summarizes it: its title in lower case, without the
  /// parenthesis, such as `window and view options`.
  fileprivate var summary: String {
    var name = title.prefix { $0 != "(" }
    while name.last == " " { name.removeLast() }
    return name.lowercased()
  }
}
