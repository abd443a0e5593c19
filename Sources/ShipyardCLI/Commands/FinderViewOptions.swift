import Distribution

/// The flags for the window's chrome and the view style: toolbar, sidebar, bars, icon, list or
/// column view, the icon view's extras and the list view's settings.
enum FinderViewOptions {
  /// The flags that take no value, with what each turns on.
  static let switches: [(flag: String, set: @Sendable (inout FinderWindowLayout) -> Void)] = [
    ("--show-toolbar", { $0.chrome.showToolbar = true }),
    ("--show-sidebar", { $0.chrome.showSidebar = true }),
    ("--show-status-bar", { $0.chrome.showStatusBar = true }),
    ("--show-path-bar", { $0.chrome.showPathBar = true }),
    ("--show-tab-view", { $0.chrome.showTabView = true }),
    ("--show-item-info", { $0.showItemInfo = true }),
    ("--show-icon-preview", { $0.showIconPreview = true }),
    ("--list-calculate-all-sizes", { $0.listSettings.calculateAllSizes = true }),
    ("--list-absolute-dates", { $0.listSettings.useRelativeDates = false }),
  ]

  static let declarations: [ArgumentScanner.Option] =
    switches.map { .flag($0.flag) } + [
      .value("--sidebar-width"), .value("--view"), .value("--label-position"),
      .value("--arrange-by"), .value("--grid-spacing"), .value("--list-icon-size"),
      .value("--list-text-size"), .value("--list-sort-by"), .value("--list-columns"),
      .value("--list-column-width"),
    ]

  /// Reads the flags into `layout`.
  static func parse(
    _ scanned: ArgumentScanner.Result, scanner: ArgumentScanner,
    into layout: inout FinderWindowLayout
  ) throws(CommandError) {
    for (flag, set) in switches where scanned.has(flag) { set(&layout) }
    if let width = scanned.last("--sidebar-width") {
      layout.chrome.sidebarWidth = try number(
        width, in: 100...1000, flag: "--sidebar-width", scanner)
    }
    if let view = scanned.last("--view") {
      guard let style = FinderViewStyle(rawValue: view) else {
        throw scanner.usage("--view takes icon, list or column, not \(view.debugDescription)")
      }
      layout.viewStyle = style
    }
    if let position = scanned.last("--label-position") {
      guard ["bottom", "right"].contains(position) else {
        throw scanner.usage(
          "--label-position takes bottom or right, not \(position.debugDescription)")
      }
      layout.labelOnBottom = position == "bottom"
    }
    if let arrangement = scanned.last("--arrange-by") {
      guard let value = FinderArrangement(rawValue: arrangement) else {
        throw scanner.usage(
          "--arrange-by takes \(FinderArrangement.allCases.map(\.rawValue).joined(separator: ", ")), not \(arrangement.debugDescription)"
        )
      }
      layout.arrangeBy = value
    }
    if let spacing = scanned.last("--grid-spacing") {
      layout.gridSpacing = try number(spacing, in: 1...100, flag: "--grid-spacing", scanner)
    }
    try parseList(scanned, scanner: scanner, into: &layout)
  }

  /// The `--list-…` flags.
  static func parseList(
    _ scanned: ArgumentScanner.Result, scanner: ArgumentScanner,
    into layout: inout FinderWindowLayout
  ) throws(CommandError) {
    if let size = scanned.last("--list-icon-size") {
      layout.listSettings.iconSize = try number(
        size, in: 16...32, flag: "--list-icon-size", scanner)
    }
    if let size = scanned.last("--list-text-size") {
      layout.listSettings.textSize = try number(
        size, in: 10...16, flag: "--list-text-size", scanner)
    }
    if let sort = scanned.last("--list-sort-by") {
      layout.listSettings.sortColumn = try column(sort, flag: "--list-sort-by", scanner)
    }
    if let list = scanned.last("--list-columns") {
      var columns: [FinderListColumn] = []
      for name in list.split(separator: ",") {
        let column = try column(String(name), flag: "--list-columns", scanner)
        guard !columns.contains(column) else {
          throw scanner.usage("--list-columns names \(column.rawValue) twice")
        }
        columns.append(column)
      }
      guard columns.first == .name else {
        throw scanner.usage(
          "--list-columns must start with name (the Finder always shows it first)")
      }
      layout.listSettings.columns = columns
    }
    for entry in scanned.all("--list-column-width") {
      let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2 else {
        throw scanner.usage(
          "--list-column-width takes <column>=<width>, such as size=120, not \(entry.debugDescription)"
        )
      }
      let column = try column(parts[0], flag: "--list-column-width", scanner)
      layout.listSettings.widths[column] = try number(
        parts[1], in: 20...1000, flag: "--list-column-width", scanner)
    }
  }

  static func number(
    _ text: String, in range: ClosedRange<Int>, flag: String, _ scanner: ArgumentScanner
  ) throws(CommandError) -> Int {
    guard let value = Int(text), range.contains(value) else {
      throw scanner.usage(
        "\(flag) takes \(range.lowerBound) to \(range.upperBound), not \(text.debugDescription)")
    }
    return value
  }

  static func column(_ name: String, flag: String, _ scanner: ArgumentScanner)
    throws(CommandError) -> FinderListColumn
  {
    guard let column = FinderListColumn(name: name) else {
      throw scanner.usage(
        "\(flag): unknown column \(name.debugDescription) (known: \(FinderListColumn.allCases.map(\.rawValue).joined(separator: ", ")))"
      )
    }
    return column
  }
}

extension FinderWindowLayout {
  /// The list view's settings, made when a list flag first needs them.
  fileprivate var listSettings: ListViewSettings {
    get { listView ?? ListViewSettings() }
    set { listView = newValue }
  }
}
