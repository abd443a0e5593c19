import Foundation

/// The file a JSON configuration came from: resolves its relative paths and names it in errors.
struct ConfigContext {
  /// The configuration file's path.
  let path: String
  /// The command reading it.
  let command: String

  /// The folder holding the file, which relative paths start from.
  var folder: URL { URL(fileURLWithPath: path).deletingLastPathComponent() }

  /// `value` as a path from the file's folder when `isPath` and it is relative.
  func resolve(_ value: String, isPath: Bool = true) -> String {
    isPath && !value.hasPrefix("/") ? folder.appendingPathComponent(value).path : value
  }

  /// A usage error naming the file.
  func error(_ message: String) -> CommandError {
    .usage("\(path): \(message)", command: command)
  }

  /// A string or number value as text.
  func text(_ value: Any?, key: String) throws(CommandError) -> String {
    switch value {
    case let string as String: return string
    case let number as NSNumber: return number.stringValue
    default: throw error("\(key) must be a string or a number")
    }
  }

  /// A whole number value.
  func integer(_ value: Any?, key: String) throws(CommandError) -> Int {
    guard let number = value as? NSNumber, let integer = Int(exactly: number.doubleValue) else {
      throw error("\(key) must be a whole number")
    }
    return integer
  }

  /// An object value.
  func object(_ value: Any?, key: String) throws(CommandError) -> [String: Any] {
    guard let object = value as? [String: Any] else { throw error("\(key) must be an object") }
    return object
  }

  /// Fails when `object` holds a key outside `known`.
  func rejectUnknownKeys(in object: [String: Any], known: Set<String>, prefix: String = "")
    throws(CommandError)
  {
    if let key = object.keys.sorted().first(where: { !known.contains($0) }) {
      throw error(
        "unknown key \(prefix)\(key) (known: \(known.sorted().map { prefix + $0 }.joined(separator: ", ")))"
      )
    }
  }
}
