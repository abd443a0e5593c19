import Foundation
import SystemSupport

extension FinderWindowLayout {
  // MARK: - Lifecycle

  /// The layout that a `.DS_Store`'s records describe: the inverse of
  /// ``records(backgroundAlias:)``.
  ///
  /// The folder's own records (named `.`) give the window and its chrome (`bwsp`), the icon
  /// view and the background (`icvp`), the view style (`vstl`) and the list view (`lsvP`, else
  /// `lsvp`); `Iloc` records give the icons' positions, by precomposed name. A record whose
  /// property list does not read counts as absent, and a later record of the same kind
  /// replaces an earlier one.
  ///
  /// What the writer's settings cannot hold is said beside them: a setting the store lacks
  /// keeps its default and is named in ``absentSettings``; a value no case of the layout's types
  /// names (the Finder's `grid` arrangement, an unknown view code) keeps its default and is kept
  /// as stored in ``foreignValues``; the background picture's path comes from its alias
  /// (``backgroundPicture``), and a `pBBk` bookmark sets ``hasBookmark``. List columns the
  /// Finder has no identifier for here are left out, and sizes are read as whole points.
  ///
  /// ```swift
  /// let layout = FinderWindowLayout(records: try DSStoreReader.records(in: bytes))
  /// if layout.absentSettings.contains(.window) { print("no bwsp record") }
  /// ```
  ///
  /// - Parameter records: The records, as ``DSStoreReader/records(in:)`` gives them.
  package init(records: [DSStoreRecord]) {
    self.init()
    absentSettings = [
      .window, .windowBounds, .sidebarWidth, .iconView, .iconSize, .textSize, .gridSpacing,
      .viewStyle,
    ]
    for record in records {
      switch (record.name, record.code, record.value) {
      case (".", "bwsp", .blob(let bytes)):
        if let window = StoredPlist(bytes) { readWindow(window) }
      case (".", "icvp", .blob(let bytes)):
        if let view = StoredPlist(bytes) { readIconView(view) }
      case (".", "vstl", .type(let code)):
        readViewStyle(code)
      case (".", "lsvP", .blob(let bytes)):
        readListView(StoredPlist(bytes))
      case (".", "lsvp", .blob(let bytes)) where listView == nil:
        readListView(StoredPlist(bytes))
      case (_, "pBBk", _):
        hasBookmark = true
      case (_, "Iloc", .blob(let bytes)) where bytes.count >= 8:
        let location = ByteReader(bytes)
        if let x = try? location.getInteger(at: 0, as: UInt32.self),
          let y = try? location.getInteger(at: 4, as: UInt32.self)
        {
          positions[HFSNameForm.precomposed(record.name)] = (Int(x), Int(y))
        }
      default: continue
      }
    }
  }

  /// The layout a `.DS_Store` file describes.
  ///
  /// - Parameter bytes: The file's bytes.
  /// - Throws: ``DSStoreReader/Malformed`` when the file is not a readable `.DS_Store`.
  package init(dsStore bytes: [UInt8]) throws(DSStoreReader.Malformed) {
    self.init(records: try DSStoreReader.records(in: bytes))
  }

  // MARK: - Records

  /// The window's bounds and chrome from `bwsp`.
  private mutating func readWindow(_ window: StoredPlist) {
    let defaults = FinderWindowLayout()
    absentSettings.remove(.window)
    (windowOrigin, windowSize) = (defaults.windowOrigin, defaults.windowSize)
    foreignValues[.windowBounds] = nil
    if let bounds = noting(window.string("WindowBounds"), as: .windowBounds),
      !readWindowBounds(bounds)
    {
      foreignValues[.windowBounds] = bounds
    }
    chrome = WindowChrome()
    chrome.showToolbar = window.flag("ShowToolbar") ?? false
    chrome.showSidebar = window.flag("ShowSidebar") ?? false
    chrome.showStatusBar = window.flag("ShowStatusBar") ?? false
    chrome.showPathBar = window.flag("ShowPathbar") ?? false
    chrome.showTabView = window.flag("ShowTabView") ?? false
    chrome.sidebarWidth =
      noting(window.number("SidebarWidth")?.intValue, as: .sidebarWidth) ?? chrome.sidebarWidth
  }

  /// Sets the origin and size from `bwsp`'s text, when it is in the form ``windowBounds``
  /// writes.
  private mutating func readWindowBounds(_ text: String) -> Bool {
    let numbers = text.split(whereSeparator: { "{}, ".contains($0) }).map { Int($0) }
    guard numbers.count == 4, let x = numbers[0], let y = numbers[1], let width = numbers[2],
      let height = numbers[3]
    else { return false }
    var read = self
    (read.windowOrigin, read.windowSize) = ((x, y), (width, height))
    guard read.windowBounds == text else { return false }
    (windowOrigin, windowSize) = (read.windowOrigin, read.windowSize)
    return true
  }

  /// The icon view's settings and the background from `icvp`.
  private mutating func readIconView(_ view: StoredPlist) {
    let defaults = FinderWindowLayout()
    absentSettings.remove(.iconView)
    iconSize = noting(view.points("iconSize"), as: .iconSize) ?? defaults.iconSize
    textSize = noting(view.points("textSize"), as: .textSize) ?? defaults.textSize
    gridSpacing = noting(view.points("gridSpacing"), as: .gridSpacing) ?? defaults.gridSpacing
    (backgroundColor, backgroundPicture) = (nil, nil)
    switch view.number("backgroundType")?.intValue {
    case 1:
      backgroundColor = Color(
        red: view.number("backgroundColorRed")?.doubleValue ?? 0,
        green: view.number("backgroundColorGreen")?.doubleValue ?? 0,
        blue: view.number("backgroundColorBlue")?.doubleValue ?? 0)
    case 2:
      let alias = (view.values["backgroundImageAlias"] as? Data).map { [UInt8]($0) } ?? []
      backgroundPicture = BackgroundPicture(path: AliasRecord.posixPath(in: alias))
    default: break
    }
    labelOnBottom = view.flag("labelOnBottom") != false
    arrangeBy = known(
      view.string("arrangeBy") ?? FinderArrangement.none.finderName, as: .arrangeBy,
      FinderArrangement.init(finderName:), else: .none)
    showItemInfo = view.flag("showItemInfo") ?? false
    showIconPreview = view.flag("showIconPreview") ?? false
  }

  /// The view style from `vstl`'s code.
  private mutating func readViewStyle(_ code: String) {
    absentSettings.remove(.viewStyle)
    viewStyle = known(code, as: .viewStyle, FinderViewStyle.init(code:), else: .icon)
  }

  /// The list view from `lsvP` or `lsvp`, or none when its property list does not read.
  private mutating func readListView(_ plist: StoredPlist?) {
    absentSettings.subtract([.listIconSize, .listTextSize, .listSortColumn])
    foreignValues[.listSortColumn] = nil
    guard let plist else {
      listView = nil
      return
    }
    var list = ListViewSettings()
    list.iconSize = noting(plist.points("iconSize"), as: .listIconSize) ?? list.iconSize
    list.textSize = noting(plist.points("textSize"), as: .listTextSize) ?? list.textSize
    if let sortColumn = noting(plist.string("sortColumn"), as: .listSortColumn) {
      list.sortColumn = known(
        sortColumn, as: .listSortColumn, FinderListColumn.init(identifier:), else: .name)
    }
    list.columns = []
    for (column, width) in Self.visibleColumns(of: plist) {
      list.columns.append(column)
      if width != column.defaultWidth { list.widths[column] = width }
    }
    list.useRelativeDates = plist.flag("useRelativeDates") ?? true
    list.calculateAllSizes = plist.flag("calculateAllSizes") ?? false
    listView = list
  }

  /// The visible columns of an `lsvP` plist (an array, in display order) or an `lsvp` one (a
  /// dictionary by identifier, each with its index), in order, each with its width.
  private static func visibleColumns(of list: StoredPlist) -> [(FinderListColumn, width: Int)] {
    let entries: [[String: Any]]
    if let array = list.values["columns"] as? [[String: Any]] {
      entries = array.enumerated().map { $1.merging(["index": $0]) { old, _ in old } }
    } else {
      entries = (list.values["columns"] as? [String: [String: Any]]).map { Array($0.values) } ?? []
    }
    var columns: [(index: Int, column: FinderListColumn, width: Int)] = []
    for entry in entries where (entry["visible"] as? NSNumber)?.boolValue == true {
      guard let identifier = entry["identifier"] as? String,
        let column = FinderListColumn(identifier: identifier)
      else { continue }
      columns.append(
        (
          (entry["index"] as? NSNumber)?.intValue ?? 0, column,
          (entry["width"] as? NSNumber)?.intValue ?? 0
        ))
    }
    return columns.sorted { $0.index < $1.index }.map { ($0.column, $0.width) }
  }

  /// Notes whether the store holds `setting` (`value` is not `nil`), and returns `value`.
  private mutating func noting<Value>(_ value: Value?, as setting: StoredSetting) -> Value? {
    if value == nil { absentSettings.insert(setting) } else { absentSettings.remove(setting) }
    return value
  }

  /// The case `stored` names, else `fallback`, keeping `stored` in ``foreignValues`` then.
  private mutating func known<Value>(
    _ stored: String, as setting: StoredSetting, _ named: (String) -> Value?,
    else fallback: Value
  ) -> Value {
    let value = named(stored)
    foreignValues[setting] = value == nil ? stored : nil
    return value ?? fallback
  }
}

/// A record's property-list dictionary, read by key as the Finder stores its values.
private struct StoredPlist {
  let values: [String: Any]

  init?(_ bytes: [UInt8]) {
    guard let values = try? PropertyListInput.dictionary(from: bytes) else { return nil }
    self.values = values
  }

  func number(_ key: String) -> NSNumber? { values[key] as? NSNumber }

  func flag(_ key: String) -> Bool? { number(key)?.boolValue }

  func string(_ key: String) -> String? { values[key] as? String }

  /// A size in whole points; `nil` when absent or not a finite number in `Int`'s range.
  func points(_ key: String) -> Int? {
    number(key).flatMap { Int(exactly: $0.doubleValue.rounded(.towardZero)) }
  }
}
