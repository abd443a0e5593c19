import Foundation

/// A JSON configuration for `dmg build` and `dmg ship`, turned into the flags it stands for.
///
/// Keys mirror the flags, and paths are relative to the file:
///
/// ```json
/// {
///   "source": "build/MyApp.app", "output": "dist/MyApp.dmg", "volumeName": "MyApp",
///   "format": "UDZO", "filesystem": "APFS", "level": 6, "applicationsLink": true, "owner": "501:20", "freeSpace": "10M",
///   "sign": { "engine": "apple", "identity": "Developer ID Application: Example (TEAMID)" },
///   "notarize": { "keychainProfile": "notary-ci", "timeout": "30m" },
///   "skip": ["staple"]
/// }
/// ```
///
/// The layout keys are `background`, `backgroundColor`, `volumeIcon`, `window` (`"660x400"`),
/// `windowPosition` (`"200,120"`), `iconSize`, `textSize`, `icons` (`{"MyApp.app": [180, 170]}`),
/// `applicationsLinkName`, `add` (paths), `links` (`{"name": "target"}`), `hideExtensions` and
/// `license`.
/// A file in appdmg's specification (with `title` or `contents`) goes to ``AppdmgConfig``.
///
/// The flags it gives come before those of the command line, so the command line wins.
enum ConfigFile {
  /// Top-level keys and their flags; `true` marks keys whose value is a path.
  static let buildKeys: [String: (flag: String, isPath: Bool)] = [
    "output": ("--output", true), "volumeName": ("--volume-name", false),
    "format": ("--format", false), "filesystem": ("--filesystem", false),
    "level": ("--level", false), "owner": ("--owner", false), "freeSpace": ("--free-space", false),
    "threads": ("--threads", false), "background": ("--background", true),
    "backgroundColor": ("--background-color", false), "iconSize": ("--icon-size", false),
    "textSize": ("--text-size", false), "window": ("--window", false),
    "windowPosition": ("--window-position", false),
    "volumeIcon": ("--volume-icon", true),
    "applicationsLinkName": ("--applications-link-name", false),
  ]
  static let signKeys: [String: (flag: String, isPath: Bool)] = [
    "engine": ("--engine", false), "identity": ("--identity", false),
    "keychain": ("--keychain", true),
    "p12": ("--p12", true), "p12PasswordFile": ("--p12-password-file", true),
    "pem": ("--pem", true),
  ]
  static let notarizeKeys: [String: (flag: String, isPath: Bool)] = [
    "keychainProfile": ("--keychain-profile", false), "appleID": ("--apple-id", false),
    "teamID": ("--team-id", false),
    "passwordEnv": ("--password-env", false), "key": ("--key", true), "keyID": ("--key-id", false),
    "issuer": ("--issuer", false), "timeout": ("--timeout", false),
  ]

  /// The flags (and the source, first) that the file at `path` stands for.
  static func arguments(fromFileAt path: String, command: String, allowsRelease: Bool)
    throws(CommandError) -> (source: String?, flags: [String])
  {
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
    } catch {
      throw .usage(
        "cannot read the configuration \(path): \(error.localizedDescription)", command: command)
    }
    guard let root = object as? [String: Any] else {
      throw .usage("\(path): the configuration must be a JSON object", command: command)
    }
    let context = ConfigContext(path: path, command: command)
    if AppdmgConfig.describes(root) {
      return try AppdmgConfig.arguments(root, context: context, allowsRelease: allowsRelease)
    }
    func resolve(_ value: String, isPath: Bool) -> String {
      context.resolve(value, isPath: isPath)
    }
    func text(_ value: Any, key: String) throws(CommandError) -> String {
      try context.text(value, key: key)
    }
    func flags(
      _ dictionary: [String: Any], _ keys: [String: (flag: String, isPath: Bool)], prefix: String
    ) throws(CommandError) -> [String] {
      var result: [String] = []
      for key in dictionary.keys.sorted() {
        guard let (flag, isPath) = keys[key] else {
          throw .usage("\(path): unknown key \(prefix)\(key)", command: command)
        }
        result += [
          flag, resolve(try text(dictionary[key] as Any, key: prefix + key), isPath: isPath),
        ]
      }
      return result
    }
    var source: String?
    var result: [String] = []
    var build = root
    if let value = build.removeValue(forKey: "source") {
      source = resolve(try text(value, key: "source"), isPath: true)
    }
    if let value = build.removeValue(forKey: "applicationsLink") {
      guard let enabled = value as? Bool else {
        throw .usage("\(path): applicationsLink must be true or false", command: command)
      }
      if !enabled { result.append("--no-applications-link") }
    }
    if let value = build.removeValue(forKey: "caseSensitive") {
      guard let enabled = value as? Bool else {
        throw .usage("\(path): caseSensitive must be true or false", command: command)
      }
      if enabled { result.append("--case-sensitive") }
    }
    if let icons = build.removeValue(forKey: "icons") {
      guard let positions = icons as? [String: [Int]],
        positions.values.allSatisfy({ $0.count == 2 })
      else {
        throw .usage("\(path): icons must map names to [x, y]", command: command)
      }
      for (name, point) in positions.sorted(by: { $0.key < $1.key }) {
        result += ["--icon", "\(name)=\(point[0]),\(point[1])"]
      }
    }
    if let additions = build.removeValue(forKey: "add") {
      guard let paths = additions as? [String] else {
        throw context.error("add must be a list of paths")
      }
      for path in paths { result += ["--add", resolve(path, isPath: true)] }
    }
    if let names = build.removeValue(forKey: "hideExtensions") {
      guard let names = names as? [String] else {
        throw context.error("hideExtensions must be a list of names")
      }
      for name in names { result += ["--hide-extension", name] }
    }
    if let links = build.removeValue(forKey: "links") {
      guard let targets = links as? [String: String] else {
        throw context.error("links must map names to targets")
      }
      for (name, target) in targets.sorted(by: { $0.key < $1.key }) {
        result += ["--link", "\(name)=\(target)"]
      }
    }
    let sign = build.removeValue(forKey: "sign")
    let notarize = build.removeValue(forKey: "notarize")
    let skip = build.removeValue(forKey: "skip")
    if !allowsRelease,
      let key = [("sign", sign), ("notarize", notarize), ("skip", skip)].first(where: {
        $0.1 != nil
      })?.0
    {
      throw .usage("\(path): \(key) belongs to `dmg ship`, not `\(command)`", command: command)
    }
    result += try LayoutConfigKeys.flags(taking: &build, spelling: .camelCase, context: context)
    result += try flags(build, buildKeys, prefix: "")
    if let sign {
      guard let dictionary = sign as? [String: Any] else {
        throw .usage("\(path): sign must be an object", command: command)
      }
      result += try flags(dictionary, signKeys, prefix: "sign.")
    }
    if let notarize {
      guard let dictionary = notarize as? [String: Any] else {
        throw .usage("\(path): notarize must be an object", command: command)
      }
      result += try flags(dictionary, notarizeKeys, prefix: "notarize.")
    }
    if let skip {
      guard let steps = skip as? [String] else {
        throw .usage("\(path): skip must be a list of steps", command: command)
      }
      for step in steps {
        guard ["sign", "notarize", "staple", "verify"].contains(step) else {
          throw .usage(
            "\(path): cannot skip \(step.debugDescription) (sign, notarize, staple or verify)",
            command: command)
        }
        result.append("--skip-\(step)")
      }
    }
    return (source, result)
  }

  /// `arguments` scanned with a `--config <file>` replaced by what the file stands for; the
  /// file's source is used only when the command line names none.
  static func scan(_ arguments: [String], with scanner: ArgumentScanner, allowsRelease: Bool)
    throws(CommandError) -> ArgumentScanner.Result
  {
    let command = scanner.command
    guard let index = arguments.firstIndex(where: { $0 == "--config" || $0.hasPrefix("--config=") })
    else { return try scanner.scan(arguments) }
    let inline =
      arguments[index].hasPrefix("--config=")
      ? String(arguments[index].dropFirst("--config=".count)) : nil
    guard let path = inline ?? (index + 1 < arguments.count ? arguments[index + 1] : nil) else {
      throw .usage("option --config needs a value", command: command)
    }
    var rest = arguments
    rest.removeSubrange(index..<(inline == nil ? index + 2 : index + 1))
    let given = try scanner.scan(rest)
    let (source, flags) = try Self.arguments(
      fromFileAt: path, command: command, allowsRelease: allowsRelease)
    let positional = given.positionals.isEmpty ? source.map { [$0] } ?? [] : []
    return try scanner.scan(positional + flags + rest)
  }
}
