import Foundation

extension FinderLayoutSummary {
  /// The `bwsp` record's chrome: which bars show, and the sidebar's width.
  package struct Chrome: Sendable, Equatable, Encodable {
    package var toolbar = false
    package var sidebar = false
    package var sidebarWidth: Int?
    package var statusBar = false
    package var pathBar = false
    package var tabView = false
  }

  /// The icon view's extras from `icvp`.
  package struct IconView: Sendable, Equatable, Encodable {
    /// `bottom` or `right`.
    package var labelPosition = "bottom"
    package var arrangeBy = "none"
    package var gridSpacing: Double?
    package var showItemInfo = false
    package var showIconPreview = false
  }

  /// The list view's settings from `lsvP` (or `lsvp`).
  package struct ListView: Sendable, Equatable, Encodable {
    package var iconSize: Double?
    package var textSize: Double?
    package var sortColumn: String?
    /// The visible columns in order, each with its width.
    package var columns: [Column] = []
    package var useRelativeDates = true
    package var calculateAllSizes = false

    /// A visible column.
    package struct Column: Sendable, Equatable, Encodable {
      package var identifier: String
      package var width: Int
    }
  }

  static func chrome(of window: [String: Any]) -> Chrome {
    func flag(_ key: String) -> Bool { (window[key] as? NSNumber)?.boolValue ?? false }
    return Chrome(
      toolbar: flag("ShowToolbar"), sidebar: flag("ShowSidebar"),
      sidebarWidth: (window["SidebarWidth"] as? NSNumber)?.intValue,
      statusBar: flag("ShowStatusBar"), pathBar: flag("ShowPathbar"), tabView: flag("ShowTabView"))
  }

  static func iconView(of view: [String: Any]) -> IconView {
    func flag(_ key: String) -> Bool { (view[key] as? NSNumber)?.boolValue ?? false }
    return IconView(
      labelPosition: (view["labelOnBottom"] as? NSNumber)?.boolValue == false ? "right" : "bottom",
      arrangeBy: view["arrangeBy"] as? String ?? "none",
      gridSpacing: (view["gridSpacing"] as? NSNumber)?.doubleValue,
      showItemInfo: flag("showItemInfo"), showIconPreview: flag("showIconPreview"))
  }

  /// The list view of an `lsvP` plist (columns in an array) or an `lsvp` one (a dictionary).
  static func listView(of view: [String: Any]) -> ListView {
    var columns: [(index: Int, column: ListView.Column)] = []
    let entries: [[String: Any]]
    if let array = view["columns"] as? [[String: Any]] {
      entries = array.enumerated().map { $1.merging(["index": $0]) { old, _ in old } }
    } else {
      entries = (view["columns"] as? [String: [String: Any]]).map { Array($0.values) } ?? []
    }
    for entry in entries where (entry["visible"] as? NSNumber)?.boolValue == true {
      guard let identifier = entry["identifier"] as? String else { continue }
      columns.append(
        (
          (entry["index"] as? NSNumber)?.intValue ?? 0,
          ListView.Column(
            identifier: identifier, width: (entry["width"] as? NSNumber)?.intValue ?? 0)
        ))
    }
    return ListView(
      iconSize: (view["iconSize"] as? NSNumber)?.doubleValue,
      textSize: (view["textSize"] as? NSNumber)?.doubleValue,
      sortColumn: view["sortColumn"] as? String,
      columns: columns.sorted { $0.index < $1.index }.map(\.column),
      useRelativeDates: (view["useRelativeDates"] as? NSNumber)?.boolValue ?? true,
      calculateAllSizes: (view["calculateAllSizes"] as? NSNumber)?.boolValue ?? false)
  }
}
