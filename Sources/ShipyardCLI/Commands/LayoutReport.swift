import FinderLayout

/// The Finder window as `dmg inspect` reports it, formatted from the layout read back from the
/// volume's `.DS_Store`: what the store lacks is left out (or `unset` in the text), and a value
/// the layout has no case for is shown as stored.
struct LayoutReport: Encodable {
  /// The `bwsp` record's chrome: which bars show, and the sidebar's width.
  struct Chrome: Encodable {
    let toolbar, sidebar, statusBar, pathBar, tabView: Bool
    let sidebarWidth: Int?
  }

  /// The icon view's extras from `icvp`.
  struct IconView: Encodable {
    /// `bottom` or `right`.
    let labelPosition: String
    let arrangeBy: String
    let gridSpacing: Double?
    let showItemInfo, showIconPreview: Bool
  }

  /// The list view's settings from `lsvP` (or `lsvp`).
  struct ListView: Encodable {
    let iconSize, textSize: Double?
    let sortColumn: String?
    /// The visible columns in order, each with its width.
    let columns: [Column]
    let useRelativeDates, calculateAllSizes: Bool

    /// A visible column.
    struct Column: Encodable {
      let identifier: String
      let width: Int
    }
  }

  /// The window's bounds as the Finder writes them, such as `{{200, 120}, {660, 400}}`.
  let windowBounds: String?
  /// The icons' size in points.
  let iconSize: Double?
  /// The labels' size in points.
  let textSize: Double?
  /// `none`, `color #rrggbb` or `picture <path on the volume>`.
  let background: String
  /// Icon positions by item name.
  let positions: [String: [Int]]
  /// The toolbar, sidebar and bars (`bwsp`).
  let chrome: Chrome?
  /// `icon`, `list` or `column` (`vstl`), or the code itself when it is none of those.
  let view: String?
  /// The icon view's extras (`icvp`).
  let iconView: IconView?
  /// The list view's settings (`lsvP`, else `lsvp`).
  let listView: ListView?
  /// Whether a `pBBk` bookmark is stored (it hides the background on macOS 26.2).
  let hasBookmark: Bool

  /// The report of `layout`, as ``FinderWindowLayout/init(records:)`` reads it back.
  init(_ layout: FinderWindowLayout) {
    func stored<Value>(_ setting: FinderWindowLayout.StoredSetting, _ value: Value) -> Value? {
      layout.absentSettings.contains(setting) ? nil : value
    }
    func shown(_ setting: FinderWindowLayout.StoredSetting, _ value: String) -> String? {
      layout.foreignValues[setting] ?? stored(setting, value)
    }
    windowBounds = shown(.windowBounds, layout.windowBounds)
    iconSize = stored(.iconSize, Double(layout.iconSize))
    textSize = stored(.textSize, Double(layout.textSize))
    background =
      if let picture = layout.backgroundPicture {
        "picture " + (picture.path ?? "(alias without a path)")
      } else if let color = layout.backgroundColor {
        "color " + color.hex
      } else {
        "none"
      }
    positions = layout.positions.mapValues { [$0.x, $0.y] }
    let chrome = layout.chrome
    self.chrome = stored(
      .window,
      Chrome(
        toolbar: chrome.showToolbar, sidebar: chrome.showSidebar, statusBar: chrome.showStatusBar,
        pathBar: chrome.showPathBar, tabView: chrome.showTabView,
        sidebarWidth: stored(.sidebarWidth, chrome.sidebarWidth)))
    view = shown(.viewStyle, layout.viewStyle.rawValue)
    iconView = stored(
      .iconView,
      IconView(
        labelPosition: layout.labelOnBottom ? "bottom" : "right",
        arrangeBy: layout.foreignValues[.arrangeBy] ?? layout.arrangeBy.finderName,
        gridSpacing: stored(.gridSpacing, Double(layout.gridSpacing)),
        showItemInfo: layout.showItemInfo, showIconPreview: layout.showIconPreview))
    listView = layout.listView.map { list in
      ListView(
        iconSize: stored(.listIconSize, Double(list.iconSize)),
        textSize: stored(.listTextSize, Double(list.textSize)),
        sortColumn: shown(.listSortColumn, list.sortColumn.identifier),
        columns: list.columns.map {
          ListView.Column(identifier: $0.identifier, width: list.widths[$0] ?? $0.defaultWidth)
        },
        useRelativeDates: list.useRelativeDates, calculateAllSizes: list.calculateAllSizes)
    }
    hasBookmark = layout.hasBookmark
  }
}
