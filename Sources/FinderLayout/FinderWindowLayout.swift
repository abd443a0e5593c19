import Foundation

/// How the Finder shows the volume's window: size, icons, background, and where each item sits.
///
/// The defaults are the window `shipyard dmg build` makes with no layout options: 660 × 400
/// points at (200, 120), 128-point icons with 13-point labels below them, no toolbar, sidebar or
/// bars. Leave ``positions`` empty to have the app on the left, the Applications link on the
/// right and any other item in rows below; name any item to place every item yourself.
///
/// ```swift
/// var layout = FinderWindowLayout()
/// layout.windowSize = (width: 660, height: 400)
/// layout.positions = ["Hello.app": (x: 180, y: 170), "Applications": (x: 480, y: 170)]
/// ```
public struct FinderWindowLayout: Sendable, Equatable {
  /// A colour with components from 0 to 1.
  public struct Color: Sendable, Equatable {
    /// The red component, from 0 to 1.
    public var red: Double
    /// The green component, from 0 to 1.
    public var green: Double
    /// The blue component, from 0 to 1.
    public var blue: Double

    /// Makes a colour.
    public init(red: Double, green: Double, blue: Double) {
      (self.red, self.green, self.blue) = (red, green, blue)
    }

    /// A colour from `#rrggbb` or `#rgb`.
    public init?(hex: String) {
      var digits = hex.hasPrefix("#") ? String(hex.dropFirst()) : hex
      if digits.count == 3 { digits = digits.map { "\($0)\($0)" }.joined() }
      guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
      self.init(
        red: Double(value >> 16 & 0xFF) / 255, green: Double(value >> 8 & 0xFF) / 255,
        blue: Double(value & 0xFF) / 255)
    }

    /// The colour as `#rrggbb`, each component rounded to the nearest of its 256 steps: the
    /// inverse of ``init(hex:)``.
    package var hex: String {
      "#"
        + [red, green, blue].map {
          String(format: "%02x", Int(exactly: ($0 * 255).rounded()) ?? 0)
        }.joined()
    }
  }

  /// The window's top-left corner on screen, in points.
  public var windowOrigin = (x: 200, y: 120)
  /// The window's content size in points.
  public var windowSize = (width: 660, height: 400)
  /// The icons' size in points (16 to 512).
  public var iconSize = 128
  /// The labels' size in points.
  public var textSize = 13
  /// A background colour, when there is no picture.
  public var backgroundColor: Color?
  /// Where each root item's icon centre sits, by name, in window points.
  public var positions: [String: (x: Int, y: Int)] = [:]
  /// Whether the labels go below the icons (else to their right).
  public var labelOnBottom = true
  /// The toolbar, sidebar and bars around the window's content.
  public var chrome = WindowChrome()
  /// Icon, list or column view.
  public var viewStyle = FinderViewStyle.icon
  /// What the icon view keeps its icons sorted by; `none` keeps the positions.
  public var arrangeBy = FinderArrangement.none
  /// The icon view's grid spacing in points.
  public var gridSpacing = 100
  /// Whether the icon view shows item info (sizes, counts) under the labels.
  public var showItemInfo = false
  /// Whether icons show a preview of the file's content.
  public var showIconPreview = false
  /// The list view's settings, written when set (and always for a list view).
  public var listView: ListViewSettings?

  // Facts only a store read back holds (``init(records:)`` sets them; the writer ignores them).

  /// The background picture the store's alias points at, when the background is a picture.
  ///
  /// The writer takes the alias itself (``records(backgroundAlias:)``): it needs the catalog
  /// IDs of the volume being built.
  package var backgroundPicture: BackgroundPicture?
  /// Whether the store holds a `pBBk` bookmark, which hides the background on macOS 26.2 (the
  /// writer never writes one).
  package var hasBookmark = false
  /// The settings the store does not hold: they keep their defaults here.
  package var absentSettings: Set<StoredSetting> = []
  /// Values the store holds that none of the layout's types names, such as the Finder's `grid`
  /// arrangement, as stored: their settings keep their defaults here.
  package var foreignValues: [StoredSetting: String] = [:]

  /// Makes the default layout: a 660 × 400 window with 128-point icons.
  public init() {}

  /// The window's bounds as `bwsp` stores them: `{{x, y}, {width, height}}`.
  package var windowBounds: String {
    "{{\(windowOrigin.x), \(windowOrigin.y)}, {\(windowSize.width), \(windowSize.height)}}"
  }

  /// Whether two layouts are the same: every setting, every position, and what a store read
  /// back holds beside them.
  public static func == (lhs: FinderWindowLayout, rhs: FinderWindowLayout) -> Bool {
    lhs.windowOrigin == rhs.windowOrigin && lhs.windowSize == rhs.windowSize
      && lhs.iconSize == rhs.iconSize
      && lhs.textSize == rhs.textSize && lhs.backgroundColor == rhs.backgroundColor
      && lhs.labelOnBottom == rhs.labelOnBottom && lhs.chrome == rhs.chrome
      && lhs.viewStyle == rhs.viewStyle && lhs.arrangeBy == rhs.arrangeBy
      && lhs.gridSpacing == rhs.gridSpacing && lhs.showItemInfo == rhs.showItemInfo
      && lhs.showIconPreview == rhs.showIconPreview && lhs.listView == rhs.listView
      && lhs.positions.mapValues { [$0.x, $0.y] } == rhs.positions.mapValues { [$0.x, $0.y] }
      && lhs.backgroundPicture == rhs.backgroundPicture && lhs.hasBookmark == rhs.hasBookmark
      && lhs.absentSettings == rhs.absentSettings && lhs.foreignValues == rhs.foreignValues
  }

  /// The `bwsp` plist: the window's bounds and chrome.
  struct WindowSettings: Encodable {
    let windowBounds: String
    let showSidebar: Bool
    let showToolbar: Bool
    let showStatusBar: Bool
    let showPathbar: Bool
    let showTabView: Bool
    let containerShowSidebar: Bool
    let previewPaneVisibility = false
    let sidebarWidth: Int

    init(bounds: String, chrome: WindowChrome) {
      windowBounds = bounds
      showSidebar = chrome.showSidebar
      showToolbar = chrome.showToolbar
      showStatusBar = chrome.showStatusBar
      showPathbar = chrome.showPathBar
      showTabView = chrome.showTabView
      containerShowSidebar = chrome.showSidebar
      sidebarWidth = chrome.sidebarWidth
    }

    enum CodingKeys: String, CodingKey {
      case windowBounds = "WindowBounds"
      case showSidebar = "ShowSidebar"
      case showToolbar = "ShowToolbar"
      case showStatusBar = "ShowStatusBar"
      case showPathbar = "ShowPathbar"
      case showTabView = "ShowTabView"
      case containerShowSidebar = "ContainerShowSidebar"
      case previewPaneVisibility = "PreviewPaneVisibility"
      case sidebarWidth = "SidebarWidth"
    }
  }

  /// The `icvp` plist: icon view options and the background.
  struct IconViewSettings: Encodable {
    let viewOptionsVersion = 1
    let backgroundType: Int
    let backgroundColorRed: Double
    let backgroundColorGreen: Double
    let backgroundColorBlue: Double
    let backgroundImageAlias: Data?
    let iconSize: Double
    let textSize: Double
    let gridOffsetX = 0.0
    let gridOffsetY = 0.0
    let gridSpacing: Double
    let arrangeBy: String
    let labelOnBottom: Bool
    let showIconPreview: Bool
    let showItemInfo: Bool
    let scrollPositionX = 0.0
    let scrollPositionY = 0.0
  }

  /// The `.DS_Store` records for this layout; `backgroundAlias` points at the background picture.
  package func records(backgroundAlias: AliasRecord?) throws -> [DSStoreRecord] {
    let window = WindowSettings(bounds: windowBounds, chrome: chrome)
    let view = IconViewSettings(
      backgroundType: backgroundAlias != nil ? 2 : backgroundColor != nil ? 1 : 0,
      backgroundColorRed: backgroundColor?.red ?? 1,
      backgroundColorGreen: backgroundColor?.green ?? 1,
      backgroundColorBlue: backgroundColor?.blue ?? 1,
      backgroundImageAlias: backgroundAlias.map { Data($0.bytes) },
      iconSize: Double(iconSize), textSize: Double(textSize), gridSpacing: Double(gridSpacing),
      arrangeBy: arrangeBy.finderName, labelOnBottom: labelOnBottom,
      showIconPreview: showIconPreview, showItemInfo: showItemInfo)
    // Only the alias in icvp: no pBBk bookmark (it hides the background on macOS 26.2).
    var records = [
      DSStoreRecord(name: ".", code: "bwsp", value: .blob(try Self.binaryPlist(window))),
      DSStoreRecord(name: ".", code: "icvp", value: .blob(try Self.binaryPlist(view))),
      DSStoreRecord(name: ".", code: "icvl", value: .type("icnv")),
      DSStoreRecord(name: ".", code: "vSrn", value: .long(1)),
      DSStoreRecord(name: ".", code: "vstl", value: .type(viewStyle.code)),
    ]
    if let list = listView ?? (viewStyle == .list ? ListViewSettings() : nil) {
      records += try list.records(showIconPreview: showIconPreview)
    }
    for (name, point) in positions {
      var location: [UInt8] = []
      for value in [UInt32(clamping: point.x), UInt32(clamping: point.y)] {
        location += [
          UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF),
          UInt8(value & 0xFF),
        ]
      }
      location += [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00]
      records.append(DSStoreRecord(name: name, code: "Iloc", value: .blob(location)))
    }
    return records
  }

  /// A binary plist of `value`, its keys in declaration order (so the same layout gives the same
  /// bytes).
  static func binaryPlist(_ value: some Encodable) throws -> [UInt8] {
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .binary
    return [UInt8](try encoder.encode(value))
  }
}
