import Foundation

/// appdmg's JSON specification, turned into `dmg build` flags.
///
/// Existing files work as they are:
///
/// ```json
/// {
///   "title": "Test Application", "icon": "test-app.icns", "background": "background.png",
///   "icon-size": 80, "window": { "size": { "width": 640, "height": 480 } },
///   "contents": [
///     { "x": 448, "y": 344, "type": "link", "path": "/Applications" },
///     { "x": 192, "y": 344, "type": "file", "path": "TestApp.app" }
///   ]
/// }
/// ```
///
/// The first `file` entry that is an app becomes the source, the other files are added beside it, a `link` to `/Applications` becomes the Applications link
/// (other links are added as they are), and `position` entries place items that are already there,
/// such as the volume icon. `code-sign` becomes the signing identity of `dmg ship`.
enum AppdmgConfig {
  static let knownKeys = Set<String>([
    "title", "icon", "background", "background-color", "icon-size", "text-size", "window",
    "format", "filesystem", "contents", "code-sign", "$schema",
  ]).union(LayoutConfigKeys.names(.kebabCase))

  /// Whether `root` is written in appdmg's specification rather than ours.
  static func describes(_ root: [String: Any]) -> Bool {
    root["title"] != nil || root["contents"] != nil
  }

  /// The source and flags `root` stands for.
  static func arguments(_ root: [String: Any], context: ConfigContext, allowsRelease: Bool)
    throws(CommandError) -> (source: String?, flags: [String])
  {
    try context.rejectUnknownKeys(in: root, known: knownKeys)
    var flags = ["--volume-name", try context.text(root["title"], key: "title")]
    var extensions = root
    flags += try LayoutConfigKeys.flags(taking: &extensions, spelling: .kebabCase, context: context)
    if let icon = root["icon"] {
      flags += ["--volume-icon", context.resolve(try context.text(icon, key: "icon"))]
    }
    if let background = root["background"] {
      flags += ["--background", context.resolve(try context.text(background, key: "background"))]
    }
    for (key, flag) in [
      ("background-color", "--background-color"), ("icon-size", "--icon-size"),
      ("text-size", "--text-size"), ("format", "--format"),
    ] {
      if let value = root[key] { flags += [flag, try context.text(value, key: key)] }
    }
    if let filesystem = root["filesystem"] {
      let name = try context.text(filesystem, key: "filesystem")
      guard ["HFS+", "APFS"].contains(name.uppercased()) else {
        throw context.error("filesystem \(name.debugDescription): use HFS+ or APFS")
      }
      flags += ["--filesystem", name]
    }
    if let window = root["window"] {
      flags += try windowFlags(try context.object(window, key: "window"), context: context)
    }
    if let codeSign = root["code-sign"] {
      guard allowsRelease else {
        throw context.error("code-sign belongs to `dmg ship`, not `\(context.command)`")
      }
      let object = try context.object(codeSign, key: "code-sign")
      try context.rejectUnknownKeys(
        in: object, known: ["signing-identity", "identifier"], prefix: "code-sign.")
      flags += [
        "--identity",
        try context.text(object["signing-identity"], key: "code-sign.signing-identity"),
      ]
    }
    guard let contents = root["contents"] as? [Any] else {
      throw context.error("contents must be a list of entries")
    }
    let (source, contentFlags) = try contentsFlags(contents, context: context)
    return (source, flags + contentFlags)
  }

  static func windowFlags(_ window: [String: Any], context: ConfigContext) throws(CommandError)
    -> [String]
  {
    try context.rejectUnknownKeys(in: window, known: ["position", "size"], prefix: "window.")
    var flags: [String] = []
    if let position = window["position"] {
      let point = try context.object(position, key: "window.position")
      try context.rejectUnknownKeys(in: point, known: ["x", "y"], prefix: "window.position.")
      let x = try context.integer(point["x"], key: "window.position.x")
      let y = try context.integer(point["y"], key: "window.position.y")
      flags += ["--window-position", "\(x),\(y)"]
    }
    if let size = window["size"] {
      let box = try context.object(size, key: "window.size")
      try context.rejectUnknownKeys(in: box, known: ["width", "height"], prefix: "window.size.")
      let width = try context.integer(box["width"], key: "window.size.width")
      let height = try context.integer(box["height"], key: "window.size.height")
      flags += ["--window", "\(width)x\(height)"]
    }
    return flags
  }

  /// The source, additions, links and icon positions of the `contents` list.
  static func contentsFlags(_ contents: [Any], context: ConfigContext) throws(CommandError)
    -> (source: String?, flags: [String])
  {
    var entries: [(type: String, path: String, name: String, x: Int, y: Int)] = []
    for (index, value) in contents.enumerated() {
      let key = "contents[\(index)]"
      let entry = try context.object(value, key: key)
      try context.rejectUnknownKeys(
        in: entry, known: ["x", "y", "type", "path", "name"], prefix: "\(key).")
      let type = try context.text(entry["type"], key: "\(key).type")
      guard ["file", "link", "position"].contains(type) else {
        throw context.error("\(key).type is \(type.debugDescription): use file, link or position")
      }
      let path = try context.text(entry["path"], key: "\(key).path")
      let name =
        try entry["name"].map { value throws(CommandError) in
          try context.text(value, key: "\(key).name")
        } ?? (path as NSString).lastPathComponent
      entries.append(
        (
          type, path, name, try context.integer(entry["x"], key: "\(key).x"),
          try context.integer(entry["y"], key: "\(key).y")
        ))
    }
    let files = entries.filter { $0.type == "file" }
    guard let main = files.first(where: { $0.path.lowercased().hasSuffix(".app") }) else {
      throw context.error(
        "contents has no file entry for an .app: name the app to put on the volume")
    }
    guard main.name == (main.path as NSString).lastPathComponent else {
      throw context.error(
        "the app \(main.path.debugDescription) cannot be renamed \(main.name.debugDescription) on the volume; rename the bundle"
      )
    }
    var flags: [String] = []
    var hasApplicationsLink = false
    for entry in entries {
      switch entry.type {
      case "file" where entry.path != main.path:
        flags += ["--add", "\(entry.name)=@\(context.resolve(entry.path))"]
      case "link" where entry.path == "/Applications" && !hasApplicationsLink:
        hasApplicationsLink = true
        flags += ["--applications-link-name", entry.name]
      case "link":
        flags += ["--link", "\(entry.name)=\(entry.path)"]
      default: break
      }
      flags += ["--icon", "\(entry.name)=\(entry.x),\(entry.y)"]
    }
    if !hasApplicationsLink { flags.append("--no-applications-link") }
    return (context.resolve(main.path), flags)
  }
}
