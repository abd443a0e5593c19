#if !canImport(Darwin)
import Foundation

extension UIContextMenuInteraction {
  /// Begins the interaction at `location`; returns whether a menu appeared.
  ///
  /// `willPresent` runs once the configuration and menu exist, before `willDisplayMenuFor`
  /// (where `UIControl` sends `.menuActionTriggered`).
  func begin(at location: CGPoint, willPresent: () -> Void = {}) -> Bool {
    guard presentation == nil, let view, view.isUserInteractionEnabled, !view.isHidden, let delegate
    else {
      return false
    }
    guard
      let configuration = delegate.contextMenuInteraction(
        self, configurationForMenuAtLocation: location),
      let menu = configuration.actionProvider?([])
    else { return false }
    willPresent()
    presentation = Presentation(configuration: configuration, menu: menu)
    delegate.contextMenuInteraction(self, willDisplayMenuFor: configuration, animator: nil)
    resolveDeferredElements()
    return true
  }

  /// Calls the provider of each deferred element on display: cached ones only until they
  /// delivered, uncached ones every time; a delivered completion replaces the loading row.
  func resolveDeferredElements() {
    guard let menu = presentation?.menu else { return }
    var pending: [UIDeferredMenuElement] = []
    let shown = replacingDeferred(in: menu, pending: &pending)
    presentation?.menu = shown
    // Providers run once the menu is in place: a completion may arrive at once.
    for deferred in pending { request(deferred) }
  }

  private func replacingDeferred(in menu: UIMenu, pending: inout [UIDeferredMenuElement]) -> UIMenu
  {
    var children: [UIMenuElement] = []
    for child in menu.children {
      switch child {
      case let submenu as UIMenu:
        children.append(replacingDeferred(in: submenu, pending: &pending))
      case let deferred as UIDeferredMenuElement:
        if deferred._isCached, let cached = deferred.cachedElements {
          children += cached
        } else {
          children.append(deferred)
          pending.append(deferred)
        }
      default:
        children.append(child)
      }
    }
    return menu.replacingChildren(children)
  }

  private func request(_ deferred: UIDeferredMenuElement) {
    var delivered = false
    deferred.elementProvider { [weak self] elements in
      guard let self else { return }
      guard !delivered else {
        _repeatedCompletions += 1
        return
      }
      delivered = true
      if deferred._isCached { deferred.cachedElements = elements }
      guard let menu = presentation?.menu else { return }
      let shown = Self.replacing(deferred, with: elements, in: menu)
      presentation?.menu = shown
    }
  }

  private static func replacing(
    _ deferred: UIDeferredMenuElement, with elements: [UIMenuElement], in menu: UIMenu
  ) -> UIMenu {
    menu.replacingChildren(
      menu.children.flatMap { child -> [UIMenuElement] in
        if child === deferred { return elements }
        if let submenu = child as? UIMenu {
          return [replacing(deferred, with: elements, in: submenu)]
        }
        return [child]
      }
    )
  }

  /// Selects `action` in the visible menu: runs its handler unless it is disabled or hidden,
  /// then dismisses the menu unless the action keeps it presented.
  func select(_ action: UIAction, sender: Any?) -> Bool {
    guard presentation != nil, action.attributes.isDisjoint(with: [.disabled, .hidden]) else {
      return false
    }
    action.sender = sender
    action.handler(action)
    action.sender = nil
    if !action.attributes.contains(.keepsMenuPresented) { dismissMenu() }
    return true
  }
}
#endif
