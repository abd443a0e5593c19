import Distribution
import Foundation

extension DMGInspection {
  /// The report as `dmg inspect` prints it.
  var text: String {
    var lines = [
      "Image: \(image)",
      "Format: \(format), \(sectors) sectors (\(ByteCount.text(Double(sectors) * 512))), "
        + "master checksum \(masterChecksum) \(masterChecksumOK ? "OK" : "MISMATCH")\(signed ? ", code signature present" : "")",
    ]
    lines += Self.lines(for: licenses ?? [])
    lines.append("Partitions:")
    for partition in partitions {
      let chunks = partition.chunks.sorted { $0.key < $1.key }.map { "\($0.key)×\($0.value)" }
        .joined(separator: " ")
      lines.append(
        "  \(String(partition.id).padding(3))\(partition.name.padding(44))sectors \(partition.firstSector)+\(partition.sectors)  "
          + "\(chunks)  CRC \(partition.storedCRC) \(partition.status)")
    }
    if let volume {
      lines.append(
        "Volume \(volume.debugDescription): \(files.count) items\(volumeIcon ? ", with its own icon" : "")"
      )
      for file in files {
        let link = file.linkTarget.map { " -> \($0)" } ?? ""
        lines.append(
          "  \(file.mode.padding(7))\("\(file.owner):\(file.group)".padding(10))\(String(file.size).padding(12))\(file.path)\(link)"
        )
        if let size = file.resourceFork {
          lines.append("  \("".padding(17))\(String(size).padding(12))  resource fork")
        }
        for attribute in file.attributes ?? [] {
          lines.append(
            "  \("".padding(17))\(String(attribute.size).padding(12))  @\(attribute.name) (\(attribute.storage.rawValue))"
          )
        }
      }
    }
    if let layout { lines += Self.lines(for: layout, pictures: backgroundPictures) }
    if let layoutProblem { lines.append("Finder window: unreadable, \(layoutProblem)") }
    return lines.joined(separator: "\n")
  }

  /// The license agreement, one line per language.
  static func lines(for licenses: [License]) -> [String] {
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
  static func lines(for layout: Layout, pictures: [BackgroundPicture]?) -> [String] {
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
