import FinderLayout
import Foundation
import ShipyardTestSupport
import Testing

/// Layouts written by ``DSStoreWriter`` and read back into ``FinderWindowLayout``: every option
/// comes back equal, and what a store lacks or holds in a foreign form is said beside it.
@Suite struct FinderWindowLayoutReadingTests {
  /// An option, set on the default layout.
  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let change: @Sendable (inout FinderWindowLayout) -> Void
    var testDescription: String { name }
  }

  static let listSettings: ListViewSettings = {
    var list = ListViewSettings()
    list.iconSize = 32
    list.textSize = 14
    list.sortColumn = .size
    list.columns = [.name, .size, .comments, .dateLastOpened]
    list.widths = [.size: 120, .comments: 250]
    list.useRelativeDates = false
    list.calculateAllSizes = true
    return list
  }()

  static let cases: [Case] =
    [
      Case(name: "defaults") { _ in },
      Case(name: "window origin") { $0.windowOrigin = (10, 20) },
      Case(name: "window origin left of the main screen") { $0.windowOrigin = (-300, 40) },
      Case(name: "window size") { $0.windowSize = (800, 600) },
      Case(name: "icon size") { $0.iconSize = 72 },
      Case(name: "text size") { $0.textSize = 16 },
      Case(name: "background colour") { $0.backgroundColor = .init(hex: "#336699") },
      Case(name: "background colour from CSS") { $0.backgroundColor = .init(css: "navy") },
      Case(name: "positions") {
        $0.positions = ["Hello.app": (180, 170), "Applications": (480, 170), "Caf\u{E9}": (9, 9)]
      },
      Case(name: "labels on the right") { $0.labelOnBottom = false },
      Case(name: "toolbar") { $0.chrome.showToolbar = true },
      Case(name: "sidebar") {
        $0.chrome.showSidebar = true
        $0.chrome.sidebarWidth = 240
      },
      Case(name: "status bar") { $0.chrome.showStatusBar = true },
      Case(name: "path bar") { $0.chrome.showPathBar = true },
      Case(name: "tab view") { $0.chrome.showTabView = true },
      Case(name: "list view") { $0.viewStyle = .list },
      Case(name: "column view") { $0.viewStyle = .column },
      Case(name: "grid spacing") { $0.gridSpacing = 54 },
      Case(name: "item info") { $0.showItemInfo = true },
      Case(name: "icon preview") { $0.showIconPreview = true },
      Case(name: "list settings") { $0.listView = Self.listSettings },
      Case(name: "list settings in a list view") {
        $0.viewStyle = .list
        $0.listView = Self.listSettings
      },
      Case(name: "everything") {
        $0.windowOrigin = (50, 60)
        $0.windowSize = (640, 480)
        $0.iconSize = 96
        $0.textSize = 11
        $0.backgroundColor = .init(hex: "#abc")
        $0.positions = ["A.app": (100, 100), "B": (300, 100)]
        $0.labelOnBottom = false
        $0.chrome.showToolbar = true
        $0.chrome.showSidebar = true
        $0.chrome.sidebarWidth = 300
        $0.chrome.showStatusBar = true
        $0.chrome.showPathBar = true
        $0.chrome.showTabView = true
        $0.viewStyle = .list
        $0.arrangeBy = .kind
        $0.gridSpacing = 42
        $0.showItemInfo = true
        $0.showIconPreview = true
        $0.listView = Self.listSettings
      },
    ]
    + FinderArrangement.allCases.map { arrangement in
      Case(name: "arranged by \(arrangement.rawValue)") { $0.arrangeBy = arrangement }
    }
    + FinderListColumn.allCases.map { column in
      Case(name: "list sorted by \(column.rawValue)") {
        var list = ListViewSettings()
        list.sortColumn = column
        list.columns = [.name, column == .name ? .kind : column]
        $0.listView = list
      }
    }

  @Test(arguments: cases)
  func eachOptionReadsBackEqual(_ option: Case) throws {
    var layout = FinderWindowLayout()
    option.change(&layout)
    let bytes = DSStoreWriter.data(for: try layout.records(backgroundAlias: nil))
    let read = try FinderWindowLayout(dsStore: bytes)
    // A list view with no settings of its own is written with the default ones.
    var expected = layout
    if expected.viewStyle == .list, expected.listView == nil {
      expected.listView = ListViewSettings()
    }
    #expect(read == expected)
    #expect(read.absentSettings.isEmpty && read.foreignValues.isEmpty && !read.hasBookmark)
  }

  @Test func theBackgroundPictureReadsBackAsItsAliasPath() throws {
    let alias = AliasRecord(
      volumeName: "Hello", volumeDate: 3_900_000_000, fileName: "bg.tiff", fileID: 30,
      fileDate: 3_900_000_000, folderName: ".background", folderID: 29)
    var layout = FinderWindowLayout()
    layout.positions = ["Hello.app": (180, 170)]
    let bytes = DSStoreWriter.data(for: try layout.records(backgroundAlias: alias))
    let read = try FinderWindowLayout(dsStore: bytes)
    var expected = layout
    expected.backgroundPicture = .init(path: "/.background/bg.tiff")
    #expect(read == expected)
  }

  @Test func aStoreOfIconPositionsAloneLeavesTheWindowAndViewsAbsent() throws {
    let records = [
      DSStoreRecord(name: "Hello.app", code: "Iloc", value: .blob([0, 0, 0, 180, 0, 0, 0, 170])),
      DSStoreRecord(name: ".", code: "vSrn", value: .long(1)),
    ]
    let read = FinderWindowLayout(records: records)
    var expected = FinderWindowLayout()
    expected.positions = ["Hello.app": (180, 170)]
    expected.absentSettings = [
      .window, .windowBounds, .sidebarWidth, .iconView, .iconSize, .textSize, .gridSpacing,
      .viewStyle,
    ]
    #expect(read == expected)
  }

  @Test func keysTheStoreLacksAreAbsentAndForeignValuesKeptAsStored() throws {
    let records = [
      DSStoreRecord(
        name: ".", code: "bwsp",
        value: .blob(try Self.plist(["WindowBounds": "{{1,2},{3,4}}", "ShowToolbar": true]))),
      DSStoreRecord(
        name: ".", code: "icvp",
        value: .blob(
          try Self.plist([
            "arrangeBy": "grid", "iconSize": 64.5, "textSize": Double.nan, "backgroundType": 2,
          ]))),
      DSStoreRecord(name: ".", code: "vstl", value: .type("glyv")),
      DSStoreRecord(
        name: ".", code: "lsvP",
        value: .blob(
          try Self.plist([
            "sortColumn": "shareOwner",
            "columns": [
              ["identifier": "name", "visible": true, "width": 280],
              ["identifier": "shareOwner", "visible": true, "width": 100],
              ["identifier": "size", "visible": false, "width": 97],
              ["identifier": "kind", "visible": true, "width": 115],
            ],
          ]))),
      DSStoreRecord(name: ".", code: "pBBk", value: .blob([1, 2])),
    ]
    let read = FinderWindowLayout(records: records)
    var expected = FinderWindowLayout()
    expected.chrome.showToolbar = true
    expected.iconSize = 64
    expected.backgroundPicture = .init(path: nil)
    var list = ListViewSettings()
    list.columns = [.name, .kind]
    list.widths = [.name: 280]
    expected.listView = list
    expected.hasBookmark = true
    expected.absentSettings = [
      .sidebarWidth, .textSize, .gridSpacing, .listIconSize, .listTextSize,
    ]
    expected.foreignValues = [
      .windowBounds: "{{1,2},{3,4}}", .arrangeBy: "grid", .viewStyle: "glyv",
      .listSortColumn: "shareOwner",
    ]
    #expect(read == expected)
  }

  /// Found by Fuzz/image-readers' dsstore target: an icon-view property list holding a set
  /// crashed Foundation; it now reads as a store without the record.
  @Test func anIconViewHoldingASetReadsAsAbsent() throws {
    let iconView = DSStoreRecord(
      name: ".", code: "icvp", value: .blob(HostilePropertyList.iconViewWithASet))
    #expect(FinderWindowLayout(records: [iconView]) == FinderWindowLayout(records: []))
  }

  @Test func aListViewOfTheOlderRecordIsReadWhenTheNewerIsMissing() throws {
    var layout = FinderWindowLayout()
    layout.listView = Self.listSettings
    let records = try layout.records(backgroundAlias: nil).filter { $0.code != "lsvP" }
    #expect(records.contains { $0.code == "lsvp" })
    #expect(FinderWindowLayout(records: records) == layout)
  }

  @Test func colourComponentsOutsideTheirRangeFormatWithoutTrapping() {
    #expect(FinderWindowLayout.Color(red: 0.2, green: 0.4, blue: 0.6).hex == "#336699")
    #expect(FinderWindowLayout.Color(red: .nan, green: .infinity, blue: 0).hex == "#000000")
  }

  static func plist(_ value: [String: Any]) throws -> [UInt8] {
    [UInt8](
      try PropertyListSerialization.data(fromPropertyList: value, format: .binary, options: 0))
  }
}
