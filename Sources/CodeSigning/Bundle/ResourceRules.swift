/// The rules of a CodeResources seal, v1 (`rules`) and v2 (`rules2`), with the defaults Apple's
/// tools write (reference §12).
///
/// ```swift
/// let rules = ResourceRules.deep  // apps and frameworks: "Sealed Resources version=2 rules=13"
/// let rule = try rules.matcher().rule(for: "Resources/en.lproj/Main.strings")  // optional
/// ```
package struct ResourceRules: Sendable, Equatable {
  /// The v1 rules, for `files`.
  package var rules: [ResourceRule]
  /// The v2 rules, for `files2`.
  package var rules2: [ResourceRule]

  /// Makes a rule set.
  package init(rules: [ResourceRule], rules2: [ResourceRule]) {
    self.rules = rules
    self.rules2 = rules2
  }

  /// The nested-code locations of a deep bundle, as one expression.
  static let nestedFolders =
    "^(Frameworks|SharedFrameworks|PlugIns|Plug-ins|XPCServices|Helpers|MacOS|Library/(Automator|Spotlight|LoginItems))/"

  /// The defaults of bundles with (possible) `Resources/`: every app bundle (`Contents/`) and
  /// framework version.
  package static let deep = ResourceRules(
    rules: [ResourceRule("^version.plist$"), ResourceRule("^Resources/")]
      + localizationRules(prefix: "^Resources/"),
    rules2: [
      ResourceRule("^.*"), ResourceRule("^[^/]+$", weight: 10, nested: true),
      ResourceRule(nestedFolders, weight: 10, nested: true),
    ] + commonRules2 + [ResourceRule("^Resources/", weight: 20)]
      + localizationRules(prefix: "^Resources/"))

  /// The defaults of shallow bundles without a `Resources` folder: no nested locations, and the
  /// localization rules at the bundle's root.
  package static let shallow = ResourceRules(
    rules: [ResourceRule("^version.plist$"), ResourceRule("^.*")] + localizationRules(prefix: "^"),
    rules2: [ResourceRule("^.*")] + commonRules2 + localizationRules(prefix: "^"))

  /// The v2 rules both forms share: dSYM, `.DS_Store`, `Info.plist`, `version.plist`, the
  /// provisioning profile, `PkgInfo`.
  private static let commonRules2 = [
    ResourceRule(".*\\.dSYM($|/)", weight: 11),
    ResourceRule("^(.*/)?\\.DS_Store$", weight: 2000, omit: true),
    ResourceRule("^Info\\.plist$", weight: 20, omit: true),
    ResourceRule("^version\\.plist$", weight: 20),
    ResourceRule("^embedded\\.provisionprofile$", weight: 20),
    ResourceRule("^PkgInfo$", weight: 20, omit: true),
  ]

  /// The three localization rules under `prefix` (`^Resources/` or `^`).
  private static func localizationRules(prefix: String) -> [ResourceRule] {
    [
      ResourceRule(prefix + ".*\\.lproj/", weight: 1000, optional: true),
      ResourceRule(prefix + "Base\\.lproj/", weight: 1010),
      ResourceRule(prefix + ".*\\.lproj/locversion.plist$", weight: 1100, omit: true),
    ]
  }
}
