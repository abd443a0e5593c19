import Foundation

/// Reading a configuration file's values, as `JSONSerialization` gives them, with errors that
/// name the key.
extension ValueOrigin {
  /// A string or number value as text.
  func text(_ value: Any?) throws(CommandError) -> String {
    switch value {
    case let string as String: return string
    case let number as NSNumber: return number.stringValue
    default: throw error("\(name) must be a string or a number")
    }
  }

  /// A whole number value.
  func integer(_ value: Any?) throws(CommandError) -> Int {
    guard let number = value as? NSNumber, let integer = Int(exactly: number.doubleValue) else {
      throw error("\(name) must be a whole number")
    }
    return integer
  }

  /// `true` or `false`.
  func bool(_ value: Any?) throws(CommandError) -> Bool {
    guard let bool = value as? Bool else { throw error("\(name) must be true or false") }
    return bool
  }

  /// An object value.
  func object(_ value: Any?) throws(CommandError) -> [String: Any] {
    guard let object = value as? [String: Any] else { throw error("\(name) must be an object") }
    return object
  }

  /// An object whose keys are all in `known`, as this origin's parts name them.
  func object(_ value: Any?, known: Set<String>) throws(CommandError) -> [String: Any] {
    let object = try object(value)
    try rejectUnknownKeys(Set(object.keys), known: known)
    return object
  }

  /// Fails on the first of `keys` (in order) outside `known`, listing the known ones.
  func rejectUnknownKeys(_ keys: Set<String>, known: Set<String>) throws(CommandError) {
    guard let key = keys.sorted().first(where: { !known.contains($0) }) else { return }
    let path = { (key: String) in self.appending(key).name }
    throw error(
      "unknown key \(path(key)) (known: \(known.sorted().map(path).joined(separator: ", ")))")
  }
}
