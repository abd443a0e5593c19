#if !canImport(Darwin)
import Foundation

/// A menu (`UIMenu`).
@MainActor
open class UIMenu: UIMenuElement {
  /// The menu's identifier (a UUID string when none was given).
  public let identifier: UIMenu.Identifier
  /// How the children are shown.
  public let options: UIMenu.Options
  /// The children.
  public let children: [UIMenuElement]
  /// The preferred size of the children (iOS 16).
  open var preferredElementSize: UIMenu.ElementSize

  /// The actions whose state is on (iOS 15).
  open var selectedElements: [UIMenuElement] {
    children.filter { ($0 as? UIAction)?.state == .on }
  }

  /// Makes a menu (the iOS 16 initializer; it also takes the iOS 13 and 15 spellings).
  public init(
    title: String = "",
    subtitle: String? = nil,
    image: UIImage? = nil,
    identifier: UIMenu.Identifier? = nil,
    options: UIMenu.Options = [],
    preferredElementSize: UIMenu.ElementSize = .automatic,
    children: [UIMenuElement] = []
  ) {
    self.identifier = identifier ?? UIMenu.Identifier(UUID().uuidString)
    self.options = options
    self.children = children
    self.preferredElementSize = preferredElementSize
    super.init(title: title, subtitle: subtitle, image: image)
  }

  /// A copy of the menu with other children.
  open func replacingChildren(_ newChildren: [UIMenuElement]) -> UIMenu {
    UIMenu(
      title: title, subtitle: subtitle, image: image, identifier: identifier, options: options,
      preferredElementSize: preferredElementSize, children: newChildren
    )
  }

  open override func _copy() -> UIMenuElement {
    replacingChildren(children.map { $0._copy() })
  }

  /// A menu's identifier (`UIMenu.Identifier`).
  public struct Identifier: Hashable, RawRepresentable, Sendable {
    /// The identifier's string.
    public let rawValue: String
    /// Makes an identifier.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// Makes an identifier.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The root of the main menu system.
    public static let root = Identifier("com.apple.menu.root")
  }

  /// How a menu shows its children (`UIMenu.Options`).
  public struct Options: OptionSet, Sendable {
    /// The raw bits.
    public let rawValue: UInt
    /// Makes options from raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Inline in the parent.
    public static let displayInline = Options(rawValue: 1 << 0)
    /// Destructive.
    public static let destructive = Options(rawValue: 1 << 1)
    /// One child on at a time (iOS 15).
    public static let singleSelection = Options(rawValue: 1 << 5)
    /// A row of small items (iOS 17).
    public static let displayAsPalette = Options(rawValue: 1 << 7)
  }

  /// The size of a menu's children (`UIMenu.ElementSize`, iOS 16).
  public enum ElementSize: Int, Sendable {
    /// Small, icon-only.
    case small = 0
    /// Medium.
    case medium = 1
    /// Large (the default before iOS 17).
    case large = 2
    /// Chosen by the system (iOS 17).
    case automatic = -1
  }
}

/// Menu items provided later, with a loading row until then (`UIDeferredMenuElement`, iOS 14).
@MainActor
open class UIDeferredMenuElement: UIMenuElement {
  /// Receives the items.
  public typealias Completion = @MainActor ([UIMenuElement]) -> Void
  let elementProvider: @MainActor (@escaping Completion) -> Void
  /// Whether the provider runs once (cached) or on every display (`uncached`).
  public let _isCached: Bool
  var cachedElements: [UIMenuElement]?

  /// A cached deferred element: "its block is called only once, when the element is first
  /// encountered in a menu".
  public convenience init(
    _ elementProvider: @escaping @MainActor (@escaping ([UIMenuElement]) -> Void) -> Void
  ) {
    self.init(provider: elementProvider, cached: true)
  }

  /// The designated initializer (not UIKit API: UIKit's is private).
  public required init(provider: @escaping @MainActor (@escaping Completion) -> Void, cached: Bool)
  {
    elementProvider = provider
    _isCached = cached
    super.init(title: "", subtitle: nil, image: nil)
  }

  /// An uncached deferred element: its provider is called every time it is displayed (iOS 15).
  open class func uncached(
    _ elementProvider: @escaping @MainActor (@escaping ([UIMenuElement]) -> Void) -> Void
  ) -> Self {
    Self(provider: elementProvider, cached: false)
  }

  open override func _copy() -> UIMenuElement { self }
}
#endif
