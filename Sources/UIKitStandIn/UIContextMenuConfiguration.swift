#if !canImport(Darwin)
import Foundation

/// Builds the menu when the interaction begins; its argument is the responder chain's suggestions.
public typealias UIContextMenuActionProvider = @MainActor ([UIMenuElement]) -> UIMenu?
/// Builds the preview view controller.
public typealias UIContextMenuContentPreviewProvider = @MainActor () -> UIViewController?

/// What a context menu shows (`UIContextMenuConfiguration`).
@MainActor
open class UIContextMenuConfiguration: NSObject {
  /// The identifier; UIKit assigns an `NSUUID` when none is given.
  public let identifier: any NSCopying
  let previewProvider: UIContextMenuContentPreviewProvider?
  let actionProvider: UIContextMenuActionProvider?

  /// Makes a configuration (current SDK defaults; older SDKs require the first two arguments).
  public init(
    identifier: (any NSCopying)? = nil,
    previewProvider: UIContextMenuContentPreviewProvider? = nil,
    actionProvider: UIContextMenuActionProvider? = nil
  ) {
    self.identifier = identifier ?? NSUUID()
    self.previewProvider = previewProvider
    self.actionProvider = actionProvider
    super.init()
  }
}

/// Animations of a context menu's appearance and disappearance.
@MainActor
public protocol UIContextMenuInteractionAnimating: NSObjectProtocol {}

/// Receives a context menu interaction's events (`UIContextMenuInteractionDelegate`).
///
/// UIKit's optional requirements are requirements with default implementations here, so that a
/// conformer's implementation is the one called.
@MainActor
public protocol UIContextMenuInteractionDelegate: NSObjectProtocol {
  /// Returns the configuration, or `nil` to keep the interaction from beginning.
  func contextMenuInteraction(
    _ interaction: UIContextMenuInteraction,
    configurationForMenuAtLocation location: CGPoint
  ) -> UIContextMenuConfiguration?

  /// The menu is about to appear.
  func contextMenuInteraction(
    _ interaction: UIContextMenuInteraction,
    willDisplayMenuFor configuration: UIContextMenuConfiguration,
    animator: (any UIContextMenuInteractionAnimating)?
  )

  /// The menu is about to disappear.
  func contextMenuInteraction(
    _ interaction: UIContextMenuInteraction,
    willEndFor configuration: UIContextMenuConfiguration,
    animator: (any UIContextMenuInteractionAnimating)?
  )

  /// The preview to lift while the menu shows.
  func contextMenuInteraction(
    _ interaction: UIContextMenuInteraction,
    previewForHighlightingMenuWithConfiguration configuration: UIContextMenuConfiguration
  ) -> UITargetedPreview?

  /// The preview to return to when the menu disappears.
  func contextMenuInteraction(
    _ interaction: UIContextMenuInteraction,
    previewForDismissingMenuWithConfiguration configuration: UIContextMenuConfiguration
  ) -> UITargetedPreview?
}

extension UIContextMenuInteractionDelegate {
  /// Optional in UIKit: does nothing.
  public func contextMenuInteraction(
    _ interaction: UIContextMenuInteraction,
    willDisplayMenuFor configuration: UIContextMenuConfiguration,
    animator: (any UIContextMenuInteractionAnimating)?
  ) {}

  /// Optional in UIKit: does nothing.
  public func contextMenuInteraction(
    _ interaction: UIContextMenuInteraction,
    willEndFor configuration: UIContextMenuConfiguration,
    animator: (any UIContextMenuInteractionAnimating)?
  ) {}

  /// Optional in UIKit: no preview.
  public func contextMenuInteraction(
    _ interaction: UIContextMenuInteraction,
    previewForHighlightingMenuWithConfiguration configuration: UIContextMenuConfiguration
  ) -> UITargetedPreview? { nil }

  /// Optional in UIKit: no preview.
  public func contextMenuInteraction(
    _ interaction: UIContextMenuInteraction,
    previewForDismissingMenuWithConfiguration configuration: UIContextMenuConfiguration
  ) -> UITargetedPreview? { nil }
}

/// The system pasteboard (`UIPasteboard`).
@MainActor
open class UIPasteboard: NSObject {
  private static let shared = UIPasteboard()

  /// The general pasteboard.
  open class var general: UIPasteboard { shared }

  /// The first string on the pasteboard; setting it replaces every item.
  open var string: String?

  /// Whether the pasteboard holds a string.
  open var hasStrings: Bool { string != nil }
}
#endif
