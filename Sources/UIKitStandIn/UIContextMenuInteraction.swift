#if !canImport(Darwin)
import Foundation

/// Shows a context menu for a view (`UIContextMenuInteraction`).
///
/// The stand-in runs UIKit's documented sequence when a test hook begins it: configuration
/// request, action provider, `willDisplayMenuFor`, deferred elements resolved, selection or
/// `dismissMenu()`, `willEndFor`.
@MainActor
open class UIContextMenuInteraction: NSObject, UIInteraction {
  /// The delegate; UIKit holds it weakly and offers no setter.
  public private(set) weak var delegate: (any UIContextMenuInteractionDelegate)?
  /// The view the interaction is attached to.
  public private(set) weak var view: UIView?

  /// The menu as displayed, deferred elements replaced once fulfilled (test-visible state).
  var presentation: Presentation?

  struct Presentation {
    let configuration: UIContextMenuConfiguration
    var menu: UIMenu
  }

  /// Makes an interaction with its delegate.
  public init(delegate: any UIContextMenuInteractionDelegate) {
    self.delegate = delegate
    super.init()
  }

  /// Called before the interaction moves to a view.
  open func willMove(to view: UIView?) {}

  /// Called after the interaction moved to a view.
  open func didMove(to view: UIView?) {
    self.view = view
  }

  /// The location of the interaction in `view`'s coordinates (the stand-in reports the origin).
  open func location(in view: UIView?) -> CGPoint { .zero }

  /// Replaces the visible menu with what `block` returns for a copy of it (iOS 14).
  ///
  /// Does nothing when no menu is visible. UIKit (iOS 15) calls the block once per visible
  /// submenu; the stand-in shows no submenus, so it calls it for the root menu only.
  open func updateVisibleMenu(_ block: (UIMenu) -> UIMenu) {
    guard let presentation else {
      _log.append(
        "updateVisibleMenu called while no context menu is visible. This won't do anything.")
      return
    }
    guard let copy = presentation.menu._copy() as? UIMenu else { return }
    let updated = block(copy)
    self.presentation?.menu = updated
    resolveDeferredElements()
  }

  /// Dismisses the visible menu, ending with `willEndFor`.
  open func dismissMenu() {
    guard let presentation else { return }
    self.presentation = nil
    delegate?.contextMenuInteraction(self, willEndFor: presentation.configuration, animator: nil)
  }

  /// What the stand-in noted, such as UIKit's console warnings (test hook).
  public internal(set) var _log: [String] = []

  /// Deferred elements whose completion was called more than once; UIKit asserts (test hook).
  public internal(set) var _repeatedCompletions = 0
}
#endif
