import Foundation
import SystemSupport

/// What a `.DS_Store` says about the folder's window, in a form to print: bounds, icon and text
/// size, background and icon positions.
package struct FinderLayoutSummary: Sendable, Equatable, Encodable {
  /// The window's bounds as the Finder writes them, such as `{{200, 120}, {660, 400}}`.
  package var windowBounds: String?
  /// The icons' size in points.
  package var iconSize: Double?
  /// The labels' size in points.
  package var textSize: Double?
  /// `none`, `color #rrggbb` or `picture <path on the volume>`.
  package var background = "none"
  /// Icon positions by item name.
  package var positions: [String: [Int]] = [:]
  /// The toolbar, sidebar and bars (`bwsp`).
  package var chrome: Chrome?
  /// `icon`, `list` or `column` (`vstl`), or the code itself when it is none of those.
  package var view: String?
  /// The icon view's extras (`icvp`).
  package var iconView: IconView?
  /// The list view's settings (`lsvP`, else `lsvp`).
  package var listView: ListView?
  /// Whether a `pBBk` bookmark is stored (it hides the background on macOS 26.2).
  package var hasBookmark = false

  /// The summary of `records`, as ``DSStoreReader`` gives them.
  package init(records: [DSStoreRecord]) {
    for record in records {
      switch (record.name, record.code, record.value) {
      case (".", "bwsp", .blob(let bytes)):
        guard let window = Self.plist(bytes) else { continue }
        windowBounds = window["WindowBounds"] as? String
        chrome = Self.chrome(of: window)
      case (".", "icvp", .blob(let bytes)):
        guard let view = Self.plist(bytes) else { continue }
        iconSize = (view["iconSize"] as? NSNumber)?.doubleValue
        textSize = (view["textSize"] as? NSNumber)?.doubleValue
        background = Self.background(of: view)
        iconView = Self.iconView(of: view)
      case (".", "vstl", .type(let code)):
        view = FinderViewStyle(code: code)?.rawValue ?? code
      case (".", "lsvP", .blob(let bytes)):
        listView = Self.plist(bytes).map(Self.listView(of:))
      case (".", "lsvp", .blob(let bytes)) where listView == nil:
        listView = Self.plist(bytes).map(Self.listView(of:))
      case (_, "pBBk", _):
        hasBookmark = true
      case (_, "Iloc", .blob(let bytes)) where bytes.count >= 8:
        let reader = ByteReader(bytes)
        if let x = try? reader.getInteger(at: 0, as: UInt32.self),
          let y = try? reader.getInteger(at: 4, as: UInt32.self)
        {
          positions[HFSNameForm.precomposed(record.name)] = [Int(x), Int(y)]
        }
      default: continue
      }
    }
  }

  static func plist(_ bytes: [UInt8]) -> [String: Any]? {
    try? PropertyListSerialization.propertyList(from: Data(bytes), format: nil) as? [String: Any]
  }

  static func background(of view: [String: Any]) -> String {
    switch (view["backgroundType"] as? NSNumber)?.intValue {
    case 1:
      let parts = ["backgroundColorRed", "backgroundColorGreen", "backgroundColorBlue"].map {
        Int((((view[$0] as? NSNumber)?.doubleValue ?? 0) * 255).rounded())
      }
      return "color #" + parts.map { String(format: "%02x", $0) }.joined()
    case 2:
      let alias = (view["backgroundImageAlias"] as? Data).map { [UInt8]($0) } ?? []
      return "picture " + (AliasRecord.posixPath(in: alias) ?? "(alias without a path)")
    default: return "none"
    }
  }
}
