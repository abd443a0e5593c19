import Foundation
import ShipyardTestSupport
import Testing

/// One layout given three ways (flags, our JSON, appdmg's JSON) builds the same image, byte for
/// byte: chrome, view, list settings, a Retina background and licenses in two languages.
@Suite struct LayoutEquivalenceTests {
  static let examples = PeerPolicy.packageRoot.appendingPathComponent("Examples")
  static let germanButtons = [
    "Deutsch", "Ja", "Nein", "Drucken", "Sichern...", "Bitte lesen und zustimmen.",
  ]

  private func shipyard(_ arguments: [String]) throws -> ProcessRunner.Output {
    try ProcessRunner.run(BuiltProducts.shipyard.path, arguments)
  }

  private func stage(in folder: ScratchFolder) throws {
    let manager = FileManager.default
    try manager.copyItem(
      at: Self.examples.appendingPathComponent("Hello.app"), to: folder.file("Hello.app"))
    for name in ["background.png", "background@2x.png"] {
      try manager.copyItem(
        at: Self.examples.appendingPathComponent("layout/\(name)"), to: folder.file(name))
    }
    try folder.write(Array("Hello License\nUse it freely.\n".utf8), to: "LICENSE.txt")
    try folder.write(Array("Lizenz\nFreie Nutzung, für alle.\n".utf8), to: "LIZENZ.txt")
  }

  static let flags = [
    "--volume-name", "Hello Layout", "--background", "background.png", "--window", "640x480",
    "--window-position", "100,80", "--icon-size", "96", "--text-size", "14",
    "--icon", "Hello.app=160,200", "--icon", "Applications=480,200", "--show-toolbar",
    "--show-sidebar", "--sidebar-width", "200", "--show-status-bar", "--show-path-bar",
    "--show-tab-view", "--view", "list", "--label-position", "right", "--arrange-by", "name",
    "--grid-spacing", "60", "--show-item-info", "--show-icon-preview", "--list-icon-size", "32",
    "--list-text-size", "14", "--list-sort-by", "size", "--list-columns", "name,size,kind",
    "--list-column-width", "size=120", "--list-absolute-dates", "--list-calculate-all-sizes",
    "--license", "de=LIZENZ.txt", "--license", "en=LICENSE.txt", "--license-default", "en",
    "--license-buttons",
    #"de=["Deutsch", "Ja", "Nein", "Drucken", "Sichern...", "Bitte lesen und zustimmen."]"#,
  ]

  static let ours = """
    {
      "source": "Hello.app", "volumeName": "Hello Layout", "background": "background.png",
      "window": "640x480", "windowPosition": "100,80", "iconSize": 96, "textSize": 14,
      "icons": { "Hello.app": [160, 200], "Applications": [480, 200] },
      "showToolbar": true, "showSidebar": true, "sidebarWidth": 200, "showStatusBar": true,
      "showPathBar": true, "showTabView": true, "view": "list", "labelPosition": "right",
      "arrangeBy": "name", "gridSpacing": 60, "showItemInfo": true, "showIconPreview": true,
      "list": {
        "iconSize": 32, "textSize": 14, "sortBy": "size", "columns": ["name", "size", "kind"],
        "columnWidths": { "size": 120 }, "relativeDates": false, "calculateAllSizes": true
      },
      "license": {
        "languages": { "en": "LICENSE.txt", "de": "LIZENZ.txt" }, "default": "en",
        "buttons": { "de": ["Deutsch", "Ja", "Nein", "Drucken", "Sichern...", "Bitte lesen und zustimmen."] }
      }
    }
    """

  static let appdmg = """
    {
      "title": "Hello Layout", "background": "background.png", "icon-size": 96, "text-size": 14,
      "window": { "position": { "x": 100, "y": 80 }, "size": { "width": 640, "height": 480 } },
      "contents": [
        { "x": 480, "y": 200, "type": "link", "path": "/Applications" },
        { "x": 160, "y": 200, "type": "file", "path": "Hello.app" }
      ],
      "show-toolbar": true, "show-sidebar": true, "sidebar-width": 200, "show-status-bar": true,
      "show-path-bar": true, "show-tab-view": true, "view": "list", "label-position": "right",
      "arrange-by": "name", "grid-spacing": 60, "show-item-info": true, "show-icon-preview": true,
      "list": {
        "icon-size": 32, "text-size": 14, "sort-by": "size", "columns": ["name", "size", "kind"],
        "column-widths": { "size": 120 }, "relative-dates": false, "calculate-all-sizes": true
      },
      "license": {
        "languages": { "en": "LICENSE.txt", "de": "LIZENZ.txt" }, "default": "en",
        "buttons": { "de": ["Deutsch", "Ja", "Nein", "Drucken", "Sichern...", "Bitte lesen und zustimmen."] }
      }
    }
    """

  @Test func flagsOurJSONAndAppdmgsJSONGiveTheSameBytes() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    try stage(in: folder)
    try folder.write(Array(Self.ours.utf8), to: "ours.json")
    try folder.write(Array(Self.appdmg.utf8), to: "appdmg.json")
    // Flags name files relative to the working folder; the JSON files relative to themselves.
    let fromFlags = try ProcessRunner.run(
      "sh",
      [
        "-c", "cd \"$1\" && shift && exec \"$@\"", "sh", folder.path(""),
        BuiltProducts.shipyard.path, "dmg", "build", "Hello.app", "-o", "flags.dmg",
      ] + Self.flags)
    #expect(fromFlags.status == 0, "\(fromFlags.standardError)")
    for name in ["ours", "appdmg"] {
      let run = try shipyard([
        "dmg", "build", "--config", folder.path("\(name).json"), "-o", folder.path("\(name).dmg"),
      ])
      #expect(run.status == 0, "\(name): \(run.standardError)")
    }
    let images = try ["flags", "ours", "appdmg"].map {
      try Data(contentsOf: folder.file("\($0).dmg"))
    }
    #expect(images[0] == images[1] && images[0] == images[2])

    // dmg inspect shows all of it.
    let inspect = try shipyard(["dmg", "inspect", folder.path("flags.dmg")])
    let text = String(decoding: inspect.standardOutput, as: UTF8.self)
    #expect(inspect.status == 0)
    for expected in [
      "background pictures: 660×400 at 72 dpi, 1320×800 at 144 dpi",
      "chrome: shows toolbar, sidebar, status bar, path bar, tab bar, sidebar 200 pt wide",
      "view: list; icon view: labels right, arrange by name, grid 60, item info on, icon preview on",
      "list view: icons 32 pt, text 14 pt, sorted by size, columns name 300, size 120, kind 115, absolute dates, all sizes",
      "License agreement, 2 language(s):",
      "de      German (region 3, TEXT, 33 bytes): Lizenz [Ja / Nein]",
      "en      English (region 0, default, TEXT, 29 bytes): Hello License [Agree / Disagree]",
    ] {
      #expect(text.contains(expected), "\(expected)\n\(text)")
    }
    #expect(!text.contains("pBBk"))
    let json = try shipyard(["dmg", "inspect", folder.path("flags.dmg"), "--json"])
    let report = try #require(
      try JSONSerialization.jsonObject(with: json.standardOutput) as? [String: Any])
    let licenses = try #require(report["licenses"] as? [[String: Any]])
    #expect(licenses.map { $0["language"] as? String } == ["de", "en"])
    #expect(licenses.first?["buttons"] as? [String] == Self.germanButtons)
    let layout = try #require(report["layout"] as? [String: Any])
    #expect(layout["view"] as? String == "list" && layout["hasBookmark"] as? Bool == false)
    #expect((report["backgroundPictures"] as? [[String: Any]])?.count == 2)
  }

  @Test(arguments: [
    (["--view", "gallery"], "--view takes icon, list or column"),
    (["--sidebar-width", "20"], "--sidebar-width takes 100 to 1000"),
    (["--list-columns", "size,name"], "--list-columns must start with name"),
    (["--list-columns", "name,colour"], "unknown column \"colour\""),
    (["--label-position", "top"], "--label-position takes bottom or right"),
    (["--background-2x", "x.png"], "--background-2x needs --background"),
    (["--license-buttons", "de=[1]", "--license", "de=x.txt"], "--license-buttons takes"),
  ])
  func badLayoutFlagsAreUsageErrors(arguments: [String], message: String) throws {
    let run = try shipyard(
      [
        "dmg", "build", Self.examples.appendingPathComponent("Hello.app").path, "-o",
        "/nonexistent/x.dmg",
      ]
        + arguments)
    #expect(run.status == 64, "\(run.standardError)")
    #expect(run.standardError.contains(message), "\(run.standardError)")
  }
}
