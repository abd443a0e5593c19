public import FinderLayout

extension DMGInspection {
  /// The Finder window as `dmg inspect` reports it, formatted from the layout read back from the
  /// volume's `.DS_Store`: what the store lacks is left out (or `unset` in the text), and a value
  /// the layout has no case for is shown as stored.
  public struct Layout: Sendable, Encodable {
    /// The `bwsp` record's chrome: which bars show, and the sidebar's width.
    public struct Chrome: Sendable, Encodable {
      /// Whether the toolbar shows.
      public let toolbar: Bool
      /// Whether the sidebar shows.
      public let sidebar: Bool
      /// Whether the status bar shows.
      public let statusBar: Bool
      /// Whether the path bar shows.
      public let pathBar: Bool
      /// Whether the tab bar shows.
      public let tabView: Bool
      /// The sidebar's width in points, when stored.
      public let sidebarWidth: Int?
    }

    /// The icon view's extras from `icvp`.
    public struct IconView: Sendable, Encodable {
      /// `bottom` or `right`.
      public let labelPosition: String
      /// What the icons are arranged by, in the Finder's words (such as `none` or `name`).
      public let arrangeBy: String
      /// The grid spacing, when stored.
      public let gridSpacing: Double?
      /// Whether item info shows under the icons.
      public let showItemInfo: Bool
      /// Whether icons show previews.
      public let showIconPreview: Bool
    }

    /// The list view's settings from `lsvP` (or `lsvp`).
    public struct ListView: Sendable, Encodable {
      /// The icons' size in points, when stored.
      public let iconSize: Double?
      /// The labels' size in points, when stored.
      public let textSize: Double?
      /// The column the list is sorted by.
      public let sortColumn: String?
      /// The visible columns in order, each with its width.
      public let columns: [Column]
      /// Whether dates show as relative (`Today`, `Yesterday`).
      public let useRelativeDates: Bool
      /// Whether folder sizes are calculated.
      public let calculateAllSizes: Bool

      /// A visible column.
      public struct Column: Sendable, Encodable {
        /// The column's identifier, such as `name` or `dateModified`.
        public let identifier: String
        /// Its width in points.
        public let width: Int
      }
    }

    /// The window's bounds as the Finder writes them, such as `{{200, 120}, {660, 400}}`.
    public let windowBounds: String?
    /// The icons' size in points.
    public let iconSize: Double?
    /// The labels' size in points.
    public let textSize: Double?
    /// `none`, `color #rrggbb` or `picture <path on the volume>`.
    public let background: String
    /// Icon positions by item name.
    public let positions: [String: [Int]]
    /// The toolbar, sidebar and bars (`bwsp`).
    public let chrome: Chrome?
    /// `icon`, `list` or `column` (`vstl`), or the code itself when it is none of those.
    public let view: String?
    /// The icon view's extras (`icvp`).
    public let iconView: IconView?
    /// The list view's settings (`lsvP`, else `lsvp`).
    public let listView: ListView?
    /// Whether a `pBBk` bookmark is stored (it hides the background on macOS 26.2).
    public let hasBookmark: Bool

    /// The report of `layout`, as it is read back from a `.DS_Store`.
    ///
    /// - Parameter layout: The layout read back from the volume.
    public init(_ layout: FinderWindowLayout) {
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
}
