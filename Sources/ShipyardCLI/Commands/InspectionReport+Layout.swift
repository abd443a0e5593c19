import DiskImage
import FinderLayout
import Foundation
import StagedTree

/// One language of a license agreement, as `dmg inspect` shows it.
struct LicenseReport: Encodable {
  /// The language's tag, such as `de`.
  let language: String
  /// Its English name.
  let name: String
  /// Its Mac OS region code.
  let region: UInt16?
  /// Whether `LPic` marks its script two-byte.
  let twoByte: Bool
  /// Whether it is the default language.
  let isDefault: Bool
  /// `TEXT` or `RTF `.
  let format: String
  /// Language name, Agree, Disagree, Print, Save, instructions.
  let buttons: [String]
  /// The text (plain text decoded from its Mac encoding, or the RTF source).
  let text: String

  /// Every language of `license`, in `LPic`'s order.
  static func all(of license: LicenseAgreement) -> [LicenseReport] {
    license.localizations.map { localization in
      LicenseReport(
        language: localization.language.tag, name: localization.language.name,
        region: localization.language.regionCode, twoByte: localization.language.isTwoByte,
        isDefault: localization.language.regionCode == license.defaultRegion,
        format: localization.format.rawValue, buttons: localization.buttons,
        text: localization.text)
    }
  }
}

extension InspectionReport {
  /// The pictures of the background, when it is a TIFF on the volume.
  static func pictures(
    of layout: FinderWindowLayout, entries: [VolumeEntry], volume: any VolumeReader
  ) throws -> [TIFFFrame]? {
    guard let path = layout.backgroundPicture?.path,
      let entry = entries.first(where: { $0.path == path })
    else { return nil }
    let bytes = try volume.contents(of: entry)
    guard
      bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A])
    else { return nil }
    return RetinaBackground.frames(ofTIFF: bytes)
  }

  /// The license agreement, one line per language.
  static func lines(for licenses: [LicenseReport]) -> [String] {
    guard !licenses.isEmpty else { return [] }
    return ["License agreement, \(licenses.count) language(s):"]
      + licenses.map { license in
        let first = license.text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let region = license.region.map { "region \($0)" } ?? "no region"
        return
          "  \(license.language.padding(8))\(license.name) (\(region)\(license.twoByte ? ", two-byte" : "")\(license.isDefault ? ", default" : ""), "
          + "\(license.format.trimmingCharacters(in: .whitespaces)), \(license.text.utf8.count) bytes): "
          + "\(first.prefix(50)) [\(license.buttons.dropFirst().prefix(2).joined(separator: " / "))]"
      }
  }

  /// The Finder window: bounds, sizes and background, icons, chrome, view and list settings.
  static func lines(for layout: LayoutReport, pictures: [TIFFFrame]?) -> [String] {
    func points(_ value: Double?) -> String { value.map { "\(Int($0)) pt" } ?? "unset" }
    let icons = layout.positions.sorted { $0.key < $1.key }.map {
      "\($0.key.debugDescription) at (\($0.value[0]), \($0.value[1]))"
    }
    var lines = [
      "Finder window: bounds \(layout.windowBounds ?? "unset"), icons \(points(layout.iconSize)), "
        + "text \(points(layout.textSize)), background \(layout.background)",
      "  icons: " + (icons.isEmpty ? "none placed" : icons.joined(separator: ", ")),
    ]
    if let pictures {
      lines.append(
        "  background pictures: "
          + pictures.map { "\($0.width)×\($0.height) at \(Int($0.dpi)) dpi" }.joined(
            separator: ", "))
    }
    if let chrome = layout.chrome {
      let shown = [
        ("toolbar", chrome.toolbar), ("sidebar", chrome.sidebar), ("status bar", chrome.statusBar),
        ("path bar", chrome.pathBar), ("tab bar", chrome.tabView),
      ].filter(\.1).map(\.0)
      lines.append(
        "  chrome: " + (shown.isEmpty ? "all hidden" : "shows " + shown.joined(separator: ", "))
          + ", sidebar \(chrome.sidebarWidth.map { "\($0) pt" } ?? "unset") wide")
    }
    if let icon = layout.iconView {
      lines.append(
        "  view: \(layout.view ?? "unset"); icon view: labels \(icon.labelPosition), arrange by \(icon.arrangeBy), "
          + "grid \(icon.gridSpacing.map { "\(Int($0))" } ?? "unset"), item info \(icon.showItemInfo ? "on" : "off"), "
          + "icon preview \(icon.showIconPreview ? "on" : "off")")
    }
    if let list = layout.listView {
      lines.append(
        "  list view: icons \(points(list.iconSize)), text \(points(list.textSize)), sorted by \(list.sortColumn ?? "unset"), "
          + "columns \(list.columns.map { "\($0.identifier) \($0.width)" }.joined(separator: ", ")), "
          + "\(list.useRelativeDates ? "relative" : "absolute") dates\(list.calculateAllSizes ? ", all sizes" : "")"
      )
    }
    if layout.hasBookmark {
      lines.append("  warning: a pBBk bookmark is stored; it hides the background on macOS 26.2")
    }
    return lines
  }
}
