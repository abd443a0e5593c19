import Distribution

extension BuildOptionTable {
  /// The window, icons, background and items: the LAYOUT OPTIONS of `dmg build --help`.
  static let layout: [Spec] = [
    .option(
      "--window", value: "<w>x<h>", .windowSize, key: "window",
      appdmg: ConfigKey("window.size", .custom(windowSize)),
      help: OptionHelp("The window's size.", default: .size(defaults.layout.windowSize))
    ) { $0.options.layout.windowSize = $1 },
    .option(
      "--window-position", value: "<x>,<y>", .point, key: "windowPosition",
      appdmg: ConfigKey("window.position", .custom(windowPosition)),
      help: OptionHelp(
        "The window's top-left corner on screen.", default: .point(defaults.layout.windowOrigin))
    ) { $0.options.layout.windowOrigin = $1 },
    .option(
      "--icon-size", value: "<n>", .integer(in: 16...512), key: "iconSize", appdmg: "icon-size",
      help: OptionHelp("The icons' size, 16 to 512.", default: .value(defaults.layout.iconSize))
    ) { $0.options.layout.iconSize = $1 },
    .option(
      "--text-size", value: "<n>", .integer(in: 10...16), key: "textSize", appdmg: "text-size",
      help: OptionHelp("The labels' size, 10 to 16.", default: .value(defaults.layout.textSize))
    ) { $0.options.layout.textSize = $1 },
    .option(
      "--icon", value: "<name>=<x>,<y>", .iconPosition,
      key: ConfigKey("icons", .map("names", to: "[x, y]", iconPosition)), repeatable: true,
      help: """
        Where an item's icon sits (repeatable; default: the app at 180,170,
        Applications at 480,170, other items in rows below).
        """
    ) { $0.options.layout.positions[$1.name] = $1.point },
    .option(
      "--background", value: "<picture>", .string, key: "background", appdmg: "background",
      path: true,
      help: "A background picture (PNG, JPEG, TIFF, ...), stored in .background/."
    ) { $0.options.background = $1 },
    .option(
      "--background-color", value: "<c>", .color, key: "backgroundColor",
      appdmg: "background-color",
      help: "A background colour: #rrggbb, #rgb, rgb(r, g, b) or a CSS name."
    ) { $0.options.layout.backgroundColor = $1 },
    .option(
      "--volume-icon", value: "<file>", .string, key: "volumeIcon", appdmg: "icon", path: true,
      help: "The volume's icon: an .icns, or a PNG made into one."
    ) { $0.options.volumeIcon = $1 },
    .option(
      "--applications-link-name", value: "<name>", .string, key: "applicationsLinkName",
      help: OptionHelp(
        "The Applications link's name.", default: .value(defaults.applicationsLinkName))
    ) { $0.options.applicationsLinkName = $1 },
    .option(
      "--add", value: "<path>", .file, key: ConfigKey("add", .each("paths")), path: true,
      repeatable: true,
      help: """
        Also puts a file or folder at the root (repeatable); <name>=@<path>
        gives it another name.
        """
    ) { $0.files.append($1) },
    .option(
      "--link", value: "<name>=<target>", .link,
      key: ConfigKey("links", .map("names", to: "targets", link)), repeatable: true,
      help: "Also puts a symbolic link at the root (repeatable)."
    ) { $0.links.append($1) },
    .option(
      "--hide-extension", value: "<name>", .string,
      key: ConfigKey("hideExtensions", .each("names")), repeatable: true,
      help: "Hides the extension of a root item in the Finder (repeatable)."
    ) { $0.options.hiddenExtensions.append($1) },
    .option(
      "--background-2x", value: "<picture>", .string, key: "background2x",
      appdmg: "background-2x", path: true,
      help: """
        The background's 2x picture (default: its @2x sibling, such as
        bg@2x.png beside bg.png): both go in one TIFF, 1x at 72 dpi and 2x
        at 144 dpi. The 2x must be exactly twice the 1x.
        """
    ) { $0.options.background2x = $1 },
    .option(
      "--background-scale", value: "<n>", .choice([("1", 1), ("2", 2)]), key: "backgroundScale",
      appdmg: "background-scale",
      help: "2 stores a lone picture made for Retina screens at 144 dpi."
    ) { $0.backgroundScale = $1 },
  ]

  // MARK: - appdmg's and our objects

  /// appdmg's `window.size`: `{"width": 640, "height": 480}`.
  @Sendable static func windowSize(_ json: Any, _ origin: ValueOrigin) throws(CommandError)
    -> (width: Int, height: Int)
  {
    let box = try origin.object(json, known: ["width", "height"])
    return try ValueParser.windowSize(
      try origin.appending("width").integer(box["width"]),
      try origin.appending("height").integer(box["height"]), origin)
  }

  /// appdmg's `window.position`: `{"x": 200, "y": 120}`.
  @Sendable static func windowPosition(_ json: Any, _ origin: ValueOrigin) throws(CommandError)
    -> (x: Int, y: Int)
  {
    let point = try origin.object(json, known: ["x", "y"])
    return (
      try origin.appending("x").integer(point["x"]), try origin.appending("y").integer(point["y"])
    )
  }

  /// A member of our `icons`: `"MyApp.app": [180, 170]`.
  @Sendable static func iconPosition(_ name: String, _ json: Any, _ origin: ValueOrigin)
    throws(CommandError) -> IconPosition
  {
    guard let point = json as? [Int], point.count == 2 else {
      throw origin.error("\(origin.name) must map names to [x, y]")
    }
    return IconPosition(name: name, point: (point[0], point[1]))
  }

  /// A member of our `links`: `"Docs": "/Library/Documentation"`.
  @Sendable static func link(_ name: String, _ json: Any, _ origin: ValueOrigin)
    throws(CommandError) -> DMGBuildOptions.Addition
  {
    guard let target = json as? String else {
      throw origin.error("\(origin.name) must map names to targets")
    }
    return try ValueParser.link(name: name, target: target, origin)
  }
}
