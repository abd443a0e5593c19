import Distribution

extension BuildOptionTable {
  /// The window's chrome and the view style: the WINDOW AND VIEW OPTIONS of `dmg build --help`.
  ///
  /// Our keys are the flags' names in camel case (`showToolbar`, `list.sortBy`), appdmg's the
  /// same in kebab case (`show-toolbar`, `list.sort-by`).
  static let view: [Spec] =
    [
      .flag(
        "--show-toolbar", key: "showToolbar", appdmg: "show-toolbar",
        help: "Shows that part of the window."
      ) { $0.options.layout.chrome.showToolbar = true },
      .flag(
        "--show-sidebar", key: "showSidebar", appdmg: "show-sidebar", help: .listedWithPrevious
      ) { $0.options.layout.chrome.showSidebar = true },
      .flag(
        "--show-status-bar", key: "showStatusBar", appdmg: "show-status-bar",
        help: .listedWithPrevious
      ) { $0.options.layout.chrome.showStatusBar = true },
      .flag(
        "--show-path-bar", key: "showPathBar", appdmg: "show-path-bar", help: .listedWithPrevious
      ) { $0.options.layout.chrome.showPathBar = true },
      .flag(
        "--show-tab-view", key: "showTabView", appdmg: "show-tab-view", help: .listedWithPrevious
      ) { $0.options.layout.chrome.showTabView = true },
      .option(
        "--sidebar-width", value: "<n>", .integer(in: 100...1000), key: "sidebarWidth",
        appdmg: "sidebar-width",
        help: OptionHelp(
          "The sidebar's width, 100 to 1000.", default: .value(defaults.layout.chrome.sidebarWidth))
      ) { $0.options.layout.chrome.sidebarWidth = $1 },
      .option(
        "--view", value: "<style>", ValueParser<FinderViewStyle>.choice, key: "view",
        appdmg: "view", help: "icon (default), list or column."
      ) { $0.options.layout.viewStyle = $1 },
      .option(
        "--label-position", value: "<p>", .choice([("bottom", true), ("right", false)]),
        key: "labelPosition", appdmg: "label-position",
        help: "bottom (default) or right of the icons."
      ) { $0.options.layout.labelOnBottom = $1 },
      .option(
        "--arrange-by", value: "<key>", ValueParser<FinderArrangement>.choice, key: "arrangeBy",
        appdmg: "arrange-by",
        help: """
          none (default), name, date-modified, date-created, date-added,
          date-last-opened, size, kind or label.
          """
      ) { $0.options.layout.arrangeBy = $1 },
      .option(
        "--grid-spacing", value: "<n>", .integer(in: 1...100), key: "gridSpacing",
        appdmg: "grid-spacing",
        help: OptionHelp(
          "The icon grid's spacing, 1 to 100.", default: .value(defaults.layout.gridSpacing))
      ) { $0.options.layout.gridSpacing = $1 },
      .flag(
        "--show-item-info", key: "showItemInfo", appdmg: "show-item-info",
        help: "Shows sizes and counts under the labels."
      ) { $0.options.layout.showItemInfo = true },
      .flag(
        "--show-icon-preview", key: "showIconPreview", appdmg: "show-icon-preview",
        help: "Shows previews of files' contents as their icons."
      ) { $0.options.layout.showIconPreview = true },
    ] + list

  /// The list view's settings, under `list` in both configuration formats.
  static let list: [Spec] = [
    .option(
      "--list-icon-size", value: "<n>", .integer(in: 16...32), key: "list.iconSize",
      appdmg: "list.icon-size",
      help: OptionHelp(
        "The list view's icons, 16 to 32.", default: .value(defaults.layout.listSettings.iconSize))
    ) { $0.options.layout.listSettings.iconSize = $1 },
    .option(
      "--list-text-size", value: "<n>", .integer(in: 10...16), key: "list.textSize",
      appdmg: "list.text-size",
      help: OptionHelp(
        "The list view's text, 10 to 16.", default: .value(defaults.layout.listSettings.textSize))
    ) { $0.options.layout.listSettings.textSize = $1 },
    .option(
      "--list-sort-by", value: "<column>", .column, key: "list.sortBy", appdmg: "list.sort-by",
      help: """
        name (default), date-modified, date-created, date-added,
        date-last-opened, size, kind, label, version or comments.
        """
    ) { $0.options.layout.listSettings.sortColumn = $1 },
    .option(
      "--list-columns", value: "<a,b,..>", .columns, key: columnsKey, appdmg: columnsKey,
      help: OptionHelp(
        """
        The columns shown, name first (default:
        \(defaults.layout.listSettings.columns.map(\.rawValue).joined(separator: ","))).
        """)
    ) { $0.options.layout.listSettings.columns = $1 },
    .option(
      "--list-column-width", value: "<column>=<n>", .columnWidth,
      key: ConfigKey("list.columnWidths", .map("column names", to: "widths", columnWidth)),
      appdmg: ConfigKey("list.column-widths", .map("column names", to: "widths", columnWidth)),
      repeatable: true, help: "A column's width (repeatable)."
    ) { $0.options.layout.listSettings.widths[$1.column] = $1.width },
    .flag(
      "--list-absolute-dates", key: ConfigKey("list.relativeDates", .negated),
      appdmg: ConfigKey("list.relative-dates", .negated),
      help: #"Full dates instead of "Today" and "Yesterday"."#
    ) { $0.options.layout.listSettings.useRelativeDates = false },
    .flag(
      "--list-calculate-all-sizes", key: "list.calculateAllSizes",
      appdmg: "list.calculate-all-sizes", help: "Computes folder sizes."
    ) { $0.options.layout.listSettings.calculateAllSizes = true },
  ]

  /// `list.columns`: `["name", "size", "kind"]`.
  private static let columnsKey = ConfigKey<[FinderListColumn]>(
    "list.columns", .list("column names", ValueParser.columns))

  /// A member of `list.columnWidths`: `"size": 120`.
  @Sendable static func columnWidth(_ name: String, _ json: Any, _ origin: ValueOrigin)
    throws(CommandError) -> (column: FinderListColumn, width: Int)
  {
    let width = origin.appending(name)
    return (
      try ValueParser<FinderListColumn>.column.parse(name, origin),
      try ValueParser<Int>.columnWidth.parse(String(try width.integer(json)), width)
    )
  }
}

extension FinderWindowLayout {
  /// The list view's settings, made when a list option first needs them.
  fileprivate var listSettings: ListViewSettings {
    get { listView ?? ListViewSettings() }
    set { listView = newValue }
  }
}
