#if !canImport(Darwin)
import Foundation

// MARK: - Test hooks (not UIKit API)
//
// These drive the sequence a person's gestures start on a device. Their names begin with an
// underscore and "simulate", so that they cannot be mistaken for UIKit API.

extension UIContextMenuInteraction {
  /// Simulates a long press (or secondary click) at `location`; returns whether a menu appeared.
  @discardableResult
  public func _simulateLongPress(at location: CGPoint = .zero) -> Bool {
    begin(at: location)
  }

  /// The menu as displayed now, with delivered deferred items in place, or `nil`.
  public var _visibleMenu: UIMenu? { presentation?.menu }

  /// Simulates selecting the visible action titled `title` (searching submenus); returns whether
  /// its handler ran.
  @discardableResult
  public func _simulateSelectAction(titled title: String) -> Bool {
    guard let action = presentation?.menu._action(titled: title) else { return false }
    return select(action, sender: view)
  }
}

extension UIControl {
  /// Simulates a tap and returns whether a menu appeared.
  ///
  /// With `showsMenuAsPrimaryAction`, the menu opens on touch-down after `.menuActionTriggered`;
  /// otherwise the control sends `.touchUpInside` and `.primaryActionTriggered`.
  @discardableResult
  public func _simulateTap() -> Bool {
    guard isEnabled, isUserInteractionEnabled else { return false }
    if showsMenuAsPrimaryAction, let interaction = interactionForGesture() {
      return presentMenu(with: interaction)
    }
    sendActions(for: [.touchDown])
    sendActions(for: [.touchUpInside, .primaryActionTriggered])
    return false
  }

  /// Simulates a long press: the menu opens when `showsMenuAsPrimaryAction` is off.
  @discardableResult
  public func _simulateLongPress() -> Bool {
    guard isEnabled, isUserInteractionEnabled, !showsMenuAsPrimaryAction,
      let interaction = interactionForGesture()
    else {
      return false
    }
    return presentMenu(with: interaction)
  }

  /// The `super` calls UIKit received from the subclass's `willDisplayMenuFor`/`willEndFor`.
  public var _superCallsReceived: [String] { superCalls }

  /// What the stand-in noted about this control's menu.
  public var _log: [String] { notes + (contextMenuInteraction?._log ?? []) }

  private func presentMenu(with interaction: UIContextMenuInteraction) -> Bool {
    baseConfigurationReached = false
    let presented = interaction.begin(at: CGPoint(x: bounds.midX, y: bounds.midY)) {
      sendActions(for: .menuActionTriggered)
    }
    if baseConfigurationReached {
      // No override of the configuration method: UIKit would never have made the interaction.
      removeInteraction(interaction)
      notes.append("no contextMenuInteraction(_:configurationForMenuAtLocation:) override: no menu")
    }
    return presented
  }
}

extension UIMenu {
  /// The first action titled `title`, searching submenus (test hook).
  public func _action(titled title: String) -> UIAction? {
    for child in children {
      if let action = child as? UIAction, action.title == title { return action }
      if let submenu = child as? UIMenu, let action = submenu._action(titled: title) {
        return action
      }
    }
    return nil
  }

  /// The titles of the children, with `…` for a deferred element still loading (test hook).
  public var _childTitles: [String] {
    children.map { $0 is UIDeferredMenuElement ? "…" : $0.title }
  }
}
#endif
