/// An option's key in one configuration format, with the shape of its value there.
///
/// A string literal is a key whose value is the flag's text (or `true`/`false` for a flag that
/// takes no value); the path names nested objects with dots: `list.iconSize`, `sign.identity`.
struct ConfigKey<Value>: Sendable, ExpressibleByStringLiteral {
  /// One path and its shape; `nil` for the option's usual shape.
  struct Entry: Sendable {
    /// The key's path from the file's root.
    let path: String
    /// How the value there is read.
    let shape: JSONShape<Value>?
    /// Whether the object holding the key must have it (appdmg's `title`, `license.languages`).
    let isRequired: Bool
  }

  // MARK: - Properties

  /// The key's paths: one, or more when the value can sit in several places.
  let entries: [Entry]

  // MARK: - Lifecycle

  /// The key at `path`, its value read as `shape` says; a `required` key must be there
  /// whenever the object holding it is.
  init(_ path: String, _ shape: JSONShape<Value>? = nil, required: Bool = false) {
    entries = [Entry(path: path, shape: shape, isRequired: required)]
  }

  /// The key at `path`, whose value is the flag's text.
  init(stringLiteral path: String) {
    self.init(path)
  }

  private init(entries: [Entry]) {
    self.entries = entries
  }

  // MARK: - API

  /// A value that may be written at any of `keys` (`"license": "LICENSE.rtf"`, or the files of
  /// `"license": {"languages": …}`).
  static func either(_ keys: ConfigKey...) -> ConfigKey {
    ConfigKey(entries: keys.flatMap(\.entries))
  }
}
