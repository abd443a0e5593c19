import FinderLayout
import Foundation
import ShipyardTestSupport
import Testing

/// The window chrome and view settings, each option on its own, written to a `.DS_Store` and
/// read back by the Python `ds_store` package (what dmgbuild uses) and by our reader.
@Suite(.enabled(if: FinderPeers.shouldRun, "needs python3 with ds-store"))
struct ViewSettingsPeerTests {
  /// An option, and the keys `ds_store` must read (`record.key` to the value as JSON text).
  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let change: @Sendable (inout FinderWindowLayout) -> Void
    let expected: [String: String]
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "defaults", change: { _ in },
      expected: [
        "bwsp.ShowToolbar": "false", "bwsp.ShowSidebar": "false", "bwsp.ShowStatusBar": "false",
        "bwsp.ShowPathbar": "false", "bwsp.ShowTabView": "false", "bwsp.SidebarWidth": "180",
        "vstl": "\"icnv\"", "icvp.labelOnBottom": "true", "icvp.arrangeBy": "\"none\"",
        "icvp.gridSpacing": "100.0", "icvp.showItemInfo": "false", "icvp.showIconPreview": "false",
        "lsvp": "null", "lsvP": "null",
      ]),
    Case(
      name: "toolbar", change: { $0.chrome.showToolbar = true },
      expected: ["bwsp.ShowToolbar": "true"]),
    Case(
      name: "sidebar",
      change: {
        $0.chrome.showSidebar = true
        $0.chrome.sidebarWidth = 240
      },
      expected: [
        "bwsp.ShowSidebar": "true", "bwsp.ContainerShowSidebar": "true",
        "bwsp.SidebarWidth": "240",
      ]),
    Case(
      name: "status bar", change: { $0.chrome.showStatusBar = true },
      expected: ["bwsp.ShowStatusBar": "true"]),
    Case(
      name: "path bar", change: { $0.chrome.showPathBar = true },
      expected: ["bwsp.ShowPathbar": "true"]),
    Case(
      name: "tab view", change: { $0.chrome.showTabView = true },
      expected: ["bwsp.ShowTabView": "true"]),
    Case(name: "column view", change: { $0.viewStyle = .column }, expected: ["vstl": "\"clmv\""]),
    Case(
      name: "label on the right", change: { $0.labelOnBottom = false },
      expected: ["icvp.labelOnBottom": "false"]),
    Case(
      name: "arrange by", change: { $0.arrangeBy = .dateModified },
      expected: ["icvp.arrangeBy": "\"dateModified\""]),
    Case(
      name: "grid spacing", change: { $0.gridSpacing = 54 }, expected: ["icvp.gridSpacing": "54.0"]),
    Case(
      name: "item info", change: { $0.showItemInfo = true }, expected: ["icvp.showItemInfo": "true"]
    ),
    Case(
      name: "icon preview", change: { $0.showIconPreview = true },
      expected: ["icvp.showIconPreview": "true"]),
    Case(
      name: "list view", change: { $0.viewStyle = .list },
      expected: [
        "vstl": "\"Nlsv\"", "lsvp.iconSize": "16.0", "lsvp.textSize": "12.0",
        "lsvp.sortColumn": "\"name\"", "lsvp.useRelativeDates": "true",
        "lsvp.calculateAllSizes": "false", "lsvP.sortColumn": "\"name\"",
        "lsvp.visible": "[\"name\", \"dateModified\", \"size\", \"kind\", \"dateAdded\"]",
        "lsvP.visible": "[\"name\", \"dateModified\", \"size\", \"kind\", \"dateAdded\"]",
        "lsvP.widths": "[300, 181, 97, 115, 181]",
      ]),
    Case(
      name: "list settings",
      change: {
        var list = ListViewSettings()
        list.iconSize = 32
        list.textSize = 14
        list.sortColumn = .size
        list.columns = [.name, .size, .comments]
        list.widths = [.size: 120]
        list.useRelativeDates = false
        list.calculateAllSizes = true
        $0.listView = list
      },
      expected: [
        "vstl": "\"icnv\"", "lsvp.iconSize": "32.0", "lsvp.textSize": "14.0",
        "lsvp.sortColumn": "\"size\"", "lsvp.useRelativeDates": "false",
        "lsvp.calculateAllSizes": "true", "lsvP.calculateAllSizes": "true",
        "lsvp.visible": "[\"name\", \"size\", \"comments\"]",
        "lsvP.visible": "[\"name\", \"size\", \"comments\"]", "lsvP.widths": "[300, 120, 300]",
      ]),
  ]

  static let script = """
    import json, sys
    from ds_store import DSStore
    out = {"lsvp": None, "lsvP": None}
    with DSStore.open(sys.argv[1], 'r') as store:
        for entry in store:
            code, value = entry.code.decode(), entry.value
            if code in ("bwsp", "icvp", "lsvp", "lsvP"):
                for key, item in value.items():
                    if key not in ("columns", "backgroundImageAlias"): out[code + "." + key] = json.dumps(item)
                out[code] = "present"
            if code == "lsvp":
                columns = sorted(value["columns"].values(), key=lambda c: c["index"])
                out["lsvp.visible"] = json.dumps([c["identifier"] for c in columns if c["visible"]])
            if code == "lsvP":
                out["lsvP.visible"] = json.dumps([c["identifier"] for c in value["columns"] if c["visible"]])
                out["lsvP.widths"] = json.dumps([c["width"] for c in value["columns"] if c["visible"]])
                out["lsvP.hidden"] = len([c for c in value["columns"] if not c["visible"]])
            if code == "vstl": out["vstl"] = json.dumps(value.decode() if isinstance(value, bytes) else str(value))
            if code == "pBBk": out["pBBk"] = "present"
    print(json.dumps(out))
    """

  @Test(arguments: cases)
  func eachOptionRoundTripsThroughDSStore(_ option: Case) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    var layout = FinderWindowLayout()
    option.change(&layout)
    let records = try layout.records(backgroundAlias: nil)
    let path = try folder.write(DSStoreWriter.data(for: records), to: ".DS_Store").path
    let output = try ProcessRunner.check("python3", ["-c", Self.script, path])
    let read = try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any])
    for (key, value) in option.expected {
      let found = read[key].map { "\($0 is NSNull ? "null" : $0)" } ?? "missing"
      #expect(found == value, "\(key)")
    }
    if read["lsvP"] is String {
      #expect(read["lsvP.hidden"] as? Int == 10 - (layout.listView?.columns.count ?? 5))
    }

    // Our own reader gives the same settings back.
    let ours = FinderWindowLayout(
      records: try DSStoreReader.records(in: DSStoreWriter.data(for: records)))
    #expect(ours.viewStyle == layout.viewStyle)
    #expect(ours.chrome.showToolbar == layout.chrome.showToolbar)
    #expect(ours.chrome.sidebarWidth == layout.chrome.sidebarWidth)
    #expect(ours.labelOnBottom == layout.labelOnBottom)
    #expect(ours.arrangeBy == layout.arrangeBy)
    let list = layout.listView ?? (layout.viewStyle == .list ? ListViewSettings() : nil)
    #expect(ours.listView?.columns == list?.columns)
  }

  /// A `pBBk` bookmark hides the background on macOS 26.2: only the alias in `icvp` is written.
  @Test func noBookmarkIsWrittenBesideTheBackgroundAlias() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let alias = AliasRecord(
      volumeName: "Hello", volumeDate: 3_900_000_000, fileName: "bg.tiff", fileID: 30,
      fileDate: 3_900_000_000, folderName: ".background", folderID: 29)
    let records = try FinderWindowLayout().records(backgroundAlias: alias)
    #expect(!records.contains { $0.code == "pBBk" })
    let path = try folder.write(DSStoreWriter.data(for: records), to: ".DS_Store").path
    let output = try ProcessRunner.check("python3", ["-c", Self.script, path])
    let read = try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any])
    #expect(read["pBBk"] == nil && read["icvp.backgroundType"] as? String == "2")
    // A store that has one (as dmgbuild before 1.6.7 wrote) is flagged by our reader.
    let withBookmark = records + [DSStoreRecord(name: ".", code: "pBBk", value: .blob([1, 2]))]
    let ours = FinderWindowLayout(
      records: try DSStoreReader.records(in: DSStoreWriter.data(for: withBookmark)))
    #expect(ours.hasBookmark)
    #expect(!FinderWindowLayout(records: records).hasBookmark)
  }
}
