/// A value of an entitlements property list: the types an entitlements blob can carry.
///
/// Real numbers, dates and data are valid in a property list but have no encoding in the DER
/// entitlements blob, so ``XMLPropertyListReader`` refuses them instead of making one of these.
package indirect enum PropertyListValue: Sendable, Equatable {
  /// `<true/>` or `<false/>`.
  case boolean(Bool)
  /// `<integer>`, a signed 64-bit number.
  case integer(Int64)
  /// `<string>`.
  case string(String)
  /// `<array>`.
  case array([PropertyListValue])
  /// `<dict>`, keys unique.
  case dictionary([String: PropertyListValue])
}
