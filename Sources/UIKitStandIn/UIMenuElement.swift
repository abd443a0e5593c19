#if !canImport(Darwin)
import Foundation

/// The base of menu items (`UIMenuElement`).
@MainActor
open class UIMenuElement: NSObject, NSCopying {
  /// The title; read-only on the base class.
  open internal(set) var title: String
  /// A second line under the title (iOS 15).
  open var subtitle: String?
  /// The image; read-only on the base class.
  open internal(set) var image: UIImage?

  init(title: String, subtitle: String?, image: UIImage?) {
    self.title = title
    self.subtitle = subtitle
    self.image = image
    super.init()
  }

  /// A copy of the element (UIKit keeps immutable copies of the menus it receives).
  nonisolated open func copy(with zone: NSZone? = nil) -> Any {
    MainActor.assumeIsolated { _copy() }
  }

  /// Makes the copy; subclasses copy their own state.
  open func _copy() -> UIMenuElement {
    UIMenuElement(title: title, subtitle: subtitle, image: image)
  }
}

extension UIMenuElement {
  /// A checkmark state (`UIMenuElement.State`).
  public enum State: Int, Sendable {
    /// No checkmark.
    case off = 0
    /// A checkmark.
    case on = 1
    /// A dash.
    case mixed = 2
  }

  /// How an element looks and behaves (`UIMenuElement.Attributes`).
  public struct Attributes: OptionSet, Sendable {
    /// The raw bits.
    public let rawValue: UInt
    /// Makes attributes from raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Not selectable.
    public static let disabled = Attributes(rawValue: 1 << 0)
    /// Drawn as destructive.
    public static let destructive = Attributes(rawValue: 1 << 1)
    /// Not shown.
    public static let hidden = Attributes(rawValue: 1 << 2)
    /// Selecting keeps the menu open (iOS 16).
    public static let keepsMenuPresented = Attributes(rawValue: 1 << 3)
  }
}

/// What a `UIAction` runs when selected.
public typealias UIActionHandler = @MainActor (UIAction) -> Void

/// A menu item with a handler (`UIAction`).
@MainActor
open class UIAction: UIMenuElement {
  /// The action's identifier (a UUID string when none was given).
  public let identifier: UIAction.Identifier
  /// The title shown in discoverability HUDs.
  open var discoverabilityTitle: String?
  /// Disabled, destructive, hidden, keeps the menu presented.
  open var attributes: UIMenuElement.Attributes
  /// The checkmark state.
  open var state: UIMenuElement.State
  /// The object that sent the action, set while the handler runs (iOS 14).
  open internal(set) var sender: Any?
  let handler: UIActionHandler

  /// The title (settable on `UIAction`).
  open override var title: String {
    get { super.title }
    set { super.title = newValue }
  }

  /// The image (settable on `UIAction`).
  open override var image: UIImage? {
    get { super.image }
    set { super.image = newValue }
  }

  /// Makes an action (the iOS 15 initializer; it also takes the iOS 13 spelling).
  public init(
    title: String = "",
    subtitle: String? = nil,
    image: UIImage? = nil,
    identifier: UIAction.Identifier? = nil,
    discoverabilityTitle: String? = nil,
    attributes: UIMenuElement.Attributes = [],
    state: UIMenuElement.State = .off,
    handler: @escaping UIActionHandler
  ) {
    self.identifier = identifier ?? UIAction.Identifier(UUID().uuidString)
    self.discoverabilityTitle = discoverabilityTitle
    self.attributes = attributes
    self.state = state
    self.handler = handler
    super.init(title: title, subtitle: subtitle, image: image)
  }

  open override func _copy() -> UIMenuElement {
    UIAction(
      title: title, subtitle: subtitle, image: image, identifier: identifier,
      discoverabilityTitle: discoverabilityTitle, attributes: attributes, state: state,
      handler: handler
    )
  }

  /// An action's identifier (`UIAction.Identifier`).
  public struct Identifier: Hashable, RawRepresentable, Sendable {
    /// The identifier's string.
    public let rawValue: String
    /// Makes an identifier.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// Makes an identifier.
    public init(rawValue: String) { self.rawValue = rawValue }
  }
}
#endif
