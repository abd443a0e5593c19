import Foundation

/// A JSON configuration for `dmg build` and `dmg ship`, ours or appdmg's, decoded straight into
/// the options through the command's ``OptionTable``: each key applies as its option does.
///
/// Our keys mirror the flags (each option's `key` in the table), and paths are relative to the
/// file:
///
/// ```json
/// {
///   "source": "build/MyApp.app", "output": "dist/MyApp.dmg", "volumeName": "MyApp",
///   "format": "UDZO", "filesystem": "APFS", "level": 6, "applicationsLink": true,
///   "iconSize": 96, "icons": {"MyApp.app": [180, 170]}, "list": {"sortBy": "size"},
///   "sign": { "engine": "apple", "identity": "Developer ID Application: Example (TEAMID)" },
///   "notarize": { "keychainProfile": "notary-ci", "timeout": "30m" },
///   "skip": ["staple"]
/// }
/// ```
///
/// A file in appdmg's specification (with `title` or `contents`) is read through each option's
/// `appdmg` key instead. The keys of a file apply before the command line's flags, so the flags
/// win; an unknown key is an error naming its path, such as `window.size.w`.
struct ConfigFile<Options> {
  // MARK: - Properties

  /// The file's path.
  let path: String
  /// The table of the command reading it.
  let table: OptionTable<Options>

  // MARK: - API

  /// Reads the file and returns what applies its keys, in the table's order.
  func applications() throws(CommandError) -> [OptionSpec<Options>.Apply] {
    let root = try read()
    let format = ConfigFormat(describing: root)
    let paths = Set(table.specs.flatMap { $0.keys[format] ?? [] })
    let groups = Set(paths.flatMap(\.enclosingPaths))
    let file = ValueOrigin(name: "", file: path, command: table.command)
    try checkKeys(of: root, at: file, format: format, paths: paths, groups: groups)
    var applications: [OptionSpec<Options>.Apply] = []
    for spec in table.specs {
      for key in spec.keys[format] ?? [] {
        // A key that is also a group (`license`) holds the option's value only when it is not
        // an object.
        guard let value = Self.value(at: key, in: root),
          !(groups.contains(key) && value is [String: Any])
        else { continue }
        var origin = file.appending(key)
        origin.isPath = spec.isPath
        applications.append(try spec.read(.json(value, key: key, format: format), origin))
      }
    }
    return applications
  }

  // MARK: - Implementation

  private func read() throws(CommandError) -> [String: Any] {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw .usage(
        "cannot read the configuration \(path): \(FileErrorWords.reason(error))",
        command: table.command)
    }
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: data)
    } catch {
      let place = JSONSyntaxError(error, in: data).map { " at \($0)" } ?? ""
      throw .usage("the configuration \(path) is not valid JSON\(place)", command: table.command)
    }
    guard let root = object as? [String: Any] else {
      throw .usage("\(path): the configuration must be a JSON object", command: table.command)
    }
    return root
  }

  /// Fails on a key of `object` that no option has, naming its path and where it belongs if
  /// another command reads it, and on a required key it lacks; goes into nested objects.
  private func checkKeys(
    of object: [String: Any], at origin: ValueOrigin, format: ConfigFormat, paths: Set<String>,
    groups: Set<String>
  ) throws(CommandError) {
    let prefix = origin.name.isEmpty ? "" : origin.name + "."
    let known = Set(
      paths.union(groups).filter { $0.hasPrefix(prefix) }.map { $0.dropFirst(prefix.count) }
        .filter { !$0.contains(".") }.map(String.init))
    for key in object.keys.sorted() {
      let inner = origin.appending(key)
      if !known.contains(key) {
        if let elsewhere = table.elsewhere, elsewhere.keys[format]?.contains(inner.name) == true {
          throw inner.error(
            "\(inner.name) belongs to `\(elsewhere.command)`, not `\(table.command)`")
        }
        try origin.rejectUnknownKeys([key], known: known)
      }
      guard groups.contains(inner.name) else { continue }
      if let child = object[key] as? [String: Any] {
        try checkKeys(of: child, at: inner, format: format, paths: paths, groups: groups)
      } else if !paths.contains(inner.name) {
        throw inner.error("\(inner.name) must be an object")
      }
    }
    let required = table.specs.flatMap { $0.requiredKeys[format] ?? [] }
    if let missing = required.sorted().first(where: {
      $0.enclosingPaths.last ?? "" == origin.name
        && object[String($0.dropFirst(prefix.count))] == nil
    }) {
      throw origin.error("\(missing) is missing")
    }
  }

  private static func value(at path: String, in root: [String: Any]) -> Any? {
    var value: Any? = root
    for component in path.split(separator: ".") {
      value = (value as? [String: Any])?[String(component)]
    }
    return value
  }
}

extension String {
  /// The paths of the objects that hold a key path: `list` for `list.iconSize`.
  fileprivate var enclosingPaths: [String] {
    let components = split(separator: ".")
    return components.indices.dropLast().map {
      components[...$0].joined(separator: ".")
    }
  }
}
