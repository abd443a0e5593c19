/// One rule of a CodeResources seal: a regular expression over paths from the bundle's content
/// folder, a weight, and what a match means (reference §12).
package struct ResourceRule: Sendable, Equatable {
  /// The regular expression, such as `^Resources/.*\.lproj/`.
  package var pattern: String
  /// The weight, written when set; a rule without one weighs 1.
  package var weight: Double?
  /// `omit`: a matching file is present but not sealed.
  package var omit: Bool
  /// `optional`: a matching file is sealed but may be missing.
  package var optional: Bool
  /// `nested`: a match is code (a nested bundle or a Mach-O file), sealed by its cdhash.
  package var nested: Bool

  /// Makes a rule.
  package init(
    _ pattern: String, weight: Double? = nil, omit: Bool = false, optional: Bool = false,
    nested: Bool = false
  ) {
    self.pattern = pattern
    self.weight = weight
    self.omit = omit
    self.optional = optional
    self.nested = nested
  }

  /// The weight that decides between matching rules: ``weight``, or 1.
  package var effectiveWeight: Double { weight ?? 1 }

  /// Whether the rule has no attributes at all, so that it is written `<true/>`.
  package var isPlain: Bool { weight == nil && !omit && !optional && !nested }
}
