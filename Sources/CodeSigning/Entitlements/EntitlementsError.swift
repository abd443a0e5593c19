/// Why an entitlements property list cannot be signed: each case names where the problem is.
public enum EntitlementsError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The XML is not a well-formed property list; `line` counts from 1.
  case malformed(line: Int, reason: String)
  /// A value of a type the DER entitlements blob cannot hold (`real`, `date`, `data`), at
  /// `keyPath` (such as `com.example.list[2]`).
  case unencodableValue(type: String, keyPath: String)
  /// The top-level value is not a dictionary.
  case notADictionary(type: String)

  /// A sentence naming the problem.
  public var description: String {
    switch self {
    case .malformed(let line, let reason):
      "the entitlements are not a valid XML property list (line \(line)): \(reason)"
    case .unencodableValue(let type, let keyPath):
      "the entitlement \(keyPath) is a <\(type)>, which the DER entitlements blob cannot hold "
        + "(use a string, integer, boolean, array or dictionary)"
    case .notADictionary(let type):
      "the entitlements property list holds a <\(type)>, not a <dict>"
    }
  }
}
