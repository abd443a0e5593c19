import Foundation
import ShipyardTestSupport
import Testing

/// `dmg inspect` shows the Finder window read back from the image's `.DS_Store`, in text and
/// JSON, exactly as it did when the report re-parsed strings (these are the outputs of the build
/// before the layout was read back into `FinderWindowLayout`).
@Suite struct DMGInspectLayoutTests {
  static let helloApp = SampleApps.scriptHello

  /// Every window and view option, each away from its default.
  static let flags = [
    "--show-sidebar", "--sidebar-width", "250", "--show-status-bar", "--show-path-bar",
    "--show-tab-view", "--view", "column", "--label-position", "right", "--arrange-by",
    "date-modified", "--grid-spacing", "42", "--show-item-info", "--show-icon-preview",
    "--list-icon-size", "24", "--list-text-size", "14", "--list-sort-by", "size",
    "--list-columns", "name,kind,version,comments", "--list-column-width", "kind=200",
    "--list-absolute-dates", "--list-calculate-all-sizes", "--icon-size", "72", "--text-size",
    "11", "--window", "800x600", "--window-position", "10,20", "--icon", "Hello.app=100,100",
    "--icon", "Applications=300,100", "--background-color", "navy",
  ]

  static let text = """
    Finder window: bounds {{10, 20}, {800, 600}}, icons 72 pt, text 11 pt, background color #000080
      icons: "Applications" at (300, 100), "Hello.app" at (100, 100)
      chrome: shows sidebar, status bar, path bar, tab bar, sidebar 250 pt wide
      view: column; icon view: labels right, arrange by dateModified, grid 42, item info on, icon preview on
      list view: icons 24 pt, text 14 pt, sorted by size, columns name 300, kind 200, version 75, comments 300, absolute dates, all sizes
    """

  static let json = """
    {"background":"color #000080","chrome":{"pathBar":true,"sidebar":true,"sidebarWidth":250,\
    "statusBar":true,"tabView":true,"toolbar":false},"hasBookmark":false,"iconSize":72,\
    "iconView":{"arrangeBy":"dateModified","gridSpacing":42,"labelPosition":"right",\
    "showIconPreview":true,"showItemInfo":true},"listView":{"calculateAllSizes":true,\
    "columns":[{"identifier":"name","width":300},{"identifier":"kind","width":200},\
    {"identifier":"version","width":75},{"identifier":"comments","width":300}],"iconSize":24,\
    "sortColumn":"size","textSize":14,"useRelativeDates":false},"positions":{"Applications":\
    [300,100],"Hello.app":[100,100]},"textSize":11,"view":"column",\
    "windowBounds":"{{10, 20}, {800, 600}}"}
    """

  private func shipyard(_ arguments: [String]) throws -> ProcessRunner.Output {
    try ProcessRunner.run(BuiltProducts.shipyard.path, arguments)
  }

  @Test func everyOptionShowsInTheTextAndTheJSONAsBefore() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let image = folder.path("Layout.dmg")
    let build = try shipyard(["dmg", "build", Self.helloApp, "-o", image] + Self.flags)
    #expect(build.status == 0, "\(build.standardError)")

    let inspect = try shipyard(["dmg", "inspect", image])
    #expect(inspect.status == 0, "\(inspect.standardError)")
    let text = String(decoding: inspect.standardOutput, as: UTF8.self)
    let window = text.split(separator: "\n").drop { !$0.hasPrefix("Finder window:") }
    #expect(window.joined(separator: "\n") == Self.text)

    let json = try shipyard(["dmg", "inspect", image, "--json"])
    let report = try #require(
      try JSONSerialization.jsonObject(with: json.standardOutput) as? [String: Any])
    let layout = try #require(report["layout"] as? NSDictionary)
    let expected = try #require(
      try JSONSerialization.jsonObject(with: Data(Self.json.utf8)) as? NSDictionary)
    #expect(layout == expected)
  }
}
