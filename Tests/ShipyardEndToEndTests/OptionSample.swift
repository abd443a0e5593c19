@testable import ShipyardCLI

/// One configuration key's value, and the flags that say the same.
///
/// In `flags` and `extra`, `$/` stands for the scratch folder (flags are absolute paths); the
/// JSON names the same files relative to the configuration file, beside them.
struct OptionSample: Sendable {
  /// The flags the key stands for.
  let flags: [String]
  /// The key's value, as JSON text.
  let json: String
  /// Flags both builds get: the fast format, unless the sample is about the format.
  var extra = ["--format", "UDRO"]
  /// Whether the option leaves the image as it is (`--threads`, `source`, `$schema`).
  var changesNothing = false
  /// Another option the key needs beside it, given as flags to the flag builds and as keys (JSON
  /// text by path) to the configuration: `license.default` needs `license.languages`.
  var context: (flags: [String], json: [String: String]) = ([], [:])

  init(
    _ flags: [String], json: String, extra: [String] = [], changesNothing: Bool = false,
    format: String? = "UDRO", context: (flags: [String], json: [String: String]) = ([], [:])
  ) {
    self.flags = flags
    self.json = json
    self.extra = (format.map { ["--format", $0] } ?? []) + extra
    self.changesNothing = changesNothing
    self.context = context
  }

  /// A flag that takes no value, as `true`.
  static func flag(_ name: String, extra: [String] = []) -> OptionSample {
    OptionSample([name], json: "true", extra: extra)
  }

  static let germanButtons = #"["Deutsch", "Ja", "Nein", "Drucken", "Sichern...", "Bitte lesen."]"#
  static let licenses = ["--license", "de=$/LIZENZ.txt", "--license", "en=$/LICENSE.txt"]
  static let languages = #"{"de": "LIZENZ.txt", "en": "LICENSE.txt"}"#
  static let licenseContext = (flags: licenses, json: ["license.languages": languages])

  /// Samples for our keys, by key path.
  static let ours: [String: OptionSample] = [
    "source": OptionSample([], json: #""Hello.app""#, changesNothing: true),
    "output": OptionSample([], json: #""written-by-key.dmg""#, changesNothing: true),
    "volumeName": OptionSample(["--volume-name", "Other Name"], json: #""Other Name""#),
    "format": OptionSample(["--format", "UDBZ"], json: #""UDBZ""#, format: nil),
    "filesystem": OptionSample(["--filesystem", "APFS"], json: #""APFS""#),
    "caseSensitive": .flag("--case-sensitive", extra: ["--filesystem", "APFS"]),
    "level": OptionSample(["--level", "3"], json: "3", format: "UDZO"),
    "applicationsLink": OptionSample(["--no-applications-link"], json: "false"),
    "owner": OptionSample(["--owner", "0:0"], json: #""0:0""#),
    "freeSpace": OptionSample(["--free-space", "1M"], json: #""1M""#),
    "threads": OptionSample(["--threads", "1"], json: "1", changesNothing: true),
    "window": OptionSample(["--window", "640x480"], json: #""640x480""#),
    "windowPosition": OptionSample(["--window-position", "100,80"], json: #""100,80""#),
    "iconSize": OptionSample(["--icon-size", "96"], json: "96"),
    "textSize": OptionSample(["--text-size", "14"], json: "14"),
    "icons": OptionSample(["--icon", "Hello.app=160,200"], json: #"{"Hello.app": [160, 200]}"#),
    "background": OptionSample(["--background", "$/background.png"], json: #""background.png""#),
    "backgroundColor": OptionSample(["--background-color", "navy"], json: #""navy""#),
    "volumeIcon": OptionSample(["--volume-icon", "$/Hello.icns"], json: #""Hello.icns""#),
    "applicationsLinkName": OptionSample(["--applications-link-name", "Apps"], json: #""Apps""#),
    "add": OptionSample(["--add", "$/README.txt"], json: #"["README.txt"]"#),
    "links": OptionSample(
      ["--link", "Docs=/Library/Documentation"], json: #"{"Docs": "/Library/Documentation"}"#),
    "hideExtensions": OptionSample(["--hide-extension", "Hello.app"], json: #"["Hello.app"]"#),
    "background2x": OptionSample(
      ["--background-2x", "$/other@2x.png"], json: #""other@2x.png""#,
      extra: ["--background", "$/lone.png"]),
    "backgroundScale": OptionSample(
      ["--background-scale", "2"], json: "2", extra: ["--background", "$/lone.png"]),
    "license": OptionSample(["--license", "$/LICENSE.txt"], json: #""LICENSE.txt""#),
    "license.languages": OptionSample(licenses, json: languages),
    "license.default": OptionSample(
      ["--license-default", "en"], json: #""en""#, context: licenseContext),
    "license.buttons": OptionSample(
      ["--license-buttons", "de=\(germanButtons)"], json: #"{"de": \#(germanButtons)}"#,
      context: licenseContext),
    "showToolbar": .flag("--show-toolbar"),
    "showSidebar": .flag("--show-sidebar"),
    "showStatusBar": .flag("--show-status-bar"),
    "showPathBar": .flag("--show-path-bar"),
    "showTabView": .flag("--show-tab-view"),
    "sidebarWidth": OptionSample(["--sidebar-width", "200"], json: "200"),
    "view": OptionSample(["--view", "list"], json: #""list""#),
    "labelPosition": OptionSample(["--label-position", "right"], json: #""right""#),
    "arrangeBy": OptionSample(["--arrange-by", "name"], json: #""name""#),
    "gridSpacing": OptionSample(["--grid-spacing", "60"], json: "60"),
    "showItemInfo": .flag("--show-item-info"),
    "showIconPreview": .flag("--show-icon-preview"),
    "list.iconSize": OptionSample(["--list-icon-size", "32"], json: "32"),
    "list.textSize": OptionSample(["--list-text-size", "14"], json: "14"),
    "list.sortBy": OptionSample(["--list-sort-by", "size"], json: #""size""#),
    "list.columns": OptionSample(
      ["--list-columns", "name,size,kind"], json: #"["name", "size", "kind"]"#),
    "list.columnWidths": OptionSample(
      ["--list-column-width", "size=120"], json: #"{"size": 120}"#),
    "list.relativeDates": OptionSample(["--list-absolute-dates"], json: "false"),
    "list.calculateAllSizes": .flag("--list-calculate-all-sizes"),
  ]

  /// Samples for appdmg's keys, by key path, where our key's sample does not fit or there is
  /// none; the others use the sample of the option's key in our JSON.
  static let appdmg: [String: OptionSample] = [
    "title": OptionSample(["--volume-name", "Other Name"], json: #""Other Name""#),
    "window.size": OptionSample(["--window", "640x480"], json: #"{"width": 640, "height": 480}"#),
    "window.position": OptionSample(
      ["--window-position", "100,80"], json: #"{"x": 100, "y": 80}"#),
    "$schema": OptionSample(
      [], json: #""https://github.com/LinusU/node-appdmg/schema.json""#, changesNothing: true),
    "contents": OptionSample(
      [
        "--icon", "Hello.app=140,150", "--add", "Read Me.txt=@$/README.txt", "--icon",
        "Read Me.txt=140,350", "--link", "Website=https://example.com", "--icon",
        "Website=320,350", "--icon", "Applications=500,150",
      ],
      json: """
        [
          {"x": 500, "y": 150, "type": "link", "path": "/Applications"},
          {"x": 140, "y": 150, "type": "file", "path": "Hello.app"},
          {"x": 140, "y": 350, "type": "file", "path": "README.txt", "name": "Read Me.txt"},
          {"x": 320, "y": 350, "type": "link", "path": "https://example.com", "name": "Website"}
        ]
        """),
  ]

  /// The flags an appdmg file's `title` and `contents` stand for in every appdmg build.
  static let appdmgBase = [
    "--volume-name", "Hello", "--icon", "Hello.app=180,170", "--icon", "Applications=480,170",
  ]

  /// The JSON of an appdmg file's `title` and `contents`.
  static let appdmgBaseJSON = """
    {"title": "Hello", "contents": [
      {"x": 180, "y": 170, "type": "file", "path": "Hello.app"},
      {"x": 480, "y": 170, "type": "link", "path": "/Applications"}
    ]}
    """

  /// The sample for `key` in `format`, which the option `spec` has.
  static func sample(
    for key: String, in format: ConfigFormat, of spec: OptionSpec<DMGBuildArguments>
  ) -> OptionSample? {
    switch format {
    case .ours: return ours[key]
    case .appdmg:
      if let sample = appdmg[key] { return sample }
      guard let index = spec.keys[.appdmg]?.firstIndex(of: key),
        let ourKey = spec.keys[.ours]?[index]
      else { return nil }
      return ours[ourKey]
    }
  }
}
