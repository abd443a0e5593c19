#if !canImport(Darwin)
import Foundation

/// A control: a view that sends events (`UIControl`), with the iOS 14 menu support.
///
/// As UIKit's header says, UIControl creates its context menu interaction only when a subclass
/// overrides `contextMenuInteraction(_:configurationForMenuAtLocation:)` and
/// `isContextMenuInteractionEnabled` is on. The stand-in notices the override when the base
/// implementation is not reached.
@MainActor
open class UIControl: UIView, UIContextMenuInteractionDelegate {
  /// Whether the control responds to touches.
  open var isEnabled = true
  /// Whether the context menu interaction is on (default off).
  open var isContextMenuInteractionEnabled = false
  /// Whether the menu is the control's primary action, shown on touch-down (default off).
  open var showsMenuAsPrimaryAction = false
  /// The control's context menu interaction, once UIKit made it.
  open private(set) var contextMenuInteraction: UIContextMenuInteraction?

  private var actions: [(action: UIAction, events: UIControl.Event)] = []
  var baseConfigurationReached = false
  var superCalls: [String] = []
  var notes: [String] = []

  /// Makes a control with a frame.
  public override init(frame: CGRect) { super.init(frame: frame) }

  /// Makes a control from an archive.
  public required init?(coder: NSCoder) { super.init(coder: coder) }

  /// Makes a control with a frame and a primary action (iOS 14).
  public convenience init(frame: CGRect, primaryAction: UIAction?) {
    self.init(frame: frame)
    if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
  }

  /// Runs `action` when any of `controlEvents` happens (iOS 14).
  open func addAction(_ action: UIAction, for controlEvents: UIControl.Event) {
    actions.append((action, controlEvents))
  }

  /// Removes `action` for `controlEvents` (iOS 14).
  open func removeAction(_ action: UIAction, for controlEvents: UIControl.Event) {
    actions.removeAll { $0.action === action && $0.events == controlEvents }
  }

  /// Runs the actions registered for `controlEvents`.
  open func sendActions(for controlEvents: UIControl.Event) {
    for entry in actions where !entry.events.isDisjoint(with: controlEvents) {
      entry.action.sender = self
      entry.action.handler(entry.action)
      entry.action.sender = nil
    }
  }

  /// Where the menu attaches, in the control's coordinates (iOS 14).
  open func menuAttachmentPoint(for configuration: UIContextMenuConfiguration) -> CGPoint {
    CGPoint(x: bounds.midX, y: bounds.midY)
  }

  // MARK: - UIContextMenuInteractionDelegate

  /// Subclasses override this to have a menu; "direct UIControl subclasses do not need to call super".
  open func contextMenuInteraction(
    _ interaction: UIContextMenuInteraction,
    configurationForMenuAtLocation location: CGPoint
  ) -> UIContextMenuConfiguration? {
    baseConfigurationReached = true
    return nil
  }

  /// The menu will appear; subclasses must call super (`NS_REQUIRES_SUPER`).
  open func contextMenuInteraction(
    _ interaction: UIContextMenuInteraction,
    willDisplayMenuFor configuration: UIContextMenuConfiguration,
    animator: (any UIContextMenuInteractionAnimating)?
  ) {
    superCalls.append("willDisplayMenuFor")
  }

  /// The menu will disappear; subclasses must call super (`NS_REQUIRES_SUPER`).
  open func contextMenuInteraction(
    _ interaction: UIContextMenuInteraction,
    willEndFor configuration: UIContextMenuConfiguration,
    animator: (any UIContextMenuInteractionAnimating)?
  ) {
    superCalls.append("willEndFor")
  }

  /// No preview for control menus.
  open func contextMenuInteraction(
    _ interaction: UIContextMenuInteraction,
    previewForHighlightingMenuWithConfiguration configuration: UIContextMenuConfiguration
  ) -> UITargetedPreview? { nil }

  /// No preview for control menus.
  open func contextMenuInteraction(
    _ interaction: UIContextMenuInteraction,
    previewForDismissingMenuWithConfiguration configuration: UIContextMenuConfiguration
  ) -> UITargetedPreview? { nil }

  /// The interaction, made the first time a gesture needs it, as UIKit does.
  func interactionForGesture() -> UIContextMenuInteraction? {
    guard isEnabled, isContextMenuInteractionEnabled else { return nil }
    if let contextMenuInteraction { return contextMenuInteraction }
    let interaction = UIContextMenuInteraction(delegate: self)
    addInteraction(interaction)
    contextMenuInteraction = interaction
    return interaction
  }
}

extension UIControl {
  /// The events a control sends (`UIControl.Event`), with UIKit's raw values.
  public struct Event: OptionSet, Sendable {
    /// The raw bits.
    public let rawValue: UInt
    /// Makes events from raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// A touch went down.
    public static let touchDown = Event(rawValue: 1 << 0)
    /// A touch went up inside the control.
    public static let touchUpInside = Event(rawValue: 1 << 6)
    /// The value changed.
    public static let valueChanged = Event(rawValue: 1 << 12)
    /// The primary action fired (iOS 9).
    public static let primaryActionTriggered = Event(rawValue: 1 << 13)
    /// The menu gesture fired, before the menu presents (iOS 14).
    public static let menuActionTriggered = Event(rawValue: 1 << 14)
    /// Every event.
    public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
  }
}

/// A text field (`UITextField`), reduced to its text.
@MainActor
open class UITextField: UIControl {
  /// The text.
  open var text: String?
}

/// A button (`UIButton`), reduced to its menu.
@MainActor
open class UIButton: UIControl {
  /// The button's menu; setting one turns the context menu interaction on (iOS 14).
  open var menu: UIMenu? {
    didSet { isContextMenuInteractionEnabled = menu != nil }
  }

  /// Returns a configuration showing `menu`.
  open override func contextMenuInteraction(
    _ interaction: UIContextMenuInteraction,
    configurationForMenuAtLocation location: CGPoint
  ) -> UIContextMenuConfiguration? {
    guard let menu else { return nil }
    return UIContextMenuConfiguration(identifier: nil, previewProvider: nil) { _ in menu }
  }
}
#endif
