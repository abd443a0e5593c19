#if MENUS_UIKIT
public import UIKitStandIn
public import Menus

// Converting the platform-neutral model to UIKit is this file's only job.

extension UIMenu {
  /// Makes a UIKit menu from a ``Menus/Menu`` model.
  ///
  /// Actions become `UIAction`s that call the model's handler, submenus become `UIMenu`s, and
  /// deferred elements become `UIDeferredMenuElement`s (`.uncached` ones with
  /// `UIDeferredMenuElement.uncached(_:)`).
  ///
  /// - Parameter menu: The model.
  public convenience init(_ menu: Menus.Menu) {
    self.init(
      title: menu.title,
      subtitle: menu.subtitle,
      image: UIImage.named(menu.imageName),
      identifier: menu.identifier.map { UIMenu.Identifier($0) },
      options: UIMenu.Options(rawValue: menu.options.rawValue),
      children: UIMenuElement.elements(menu.children)
    )
  }
}

extension UIAction {
  /// Makes a UIKit action from a ``Menus/MenuAction`` model; selecting it runs the model's handler.
  ///
  /// - Parameter action: The model.
  public convenience init(_ action: MenuAction) {
    self.init(
      title: action.title,
      subtitle: action.subtitle,
      image: UIImage.named(action.imageName),
      identifier: action.identifier.map { UIAction.Identifier($0) },
      attributes: UIMenuElement.Attributes(rawValue: action.attributes.rawValue),
      state: UIMenuElement.State(rawValue: action.state.rawValue) ?? .off
    ) { _ in action.handler(action) }
  }
}

extension UIDeferredMenuElement {
  /// Makes a UIKit deferred element from a ``Menus/DeferredMenuElement`` model.
  ///
  /// The completion runs exactly once, on the main actor, when the model's provider returns. A
  /// cached model keeps its items itself, so it loads once even when UIKit is handed a new
  /// element each time the menu is built.
  ///
  /// - Parameter deferred: The model.
  /// - Returns: A cached or uncached element.
  public static func make(_ deferred: DeferredMenuElement) -> UIDeferredMenuElement {
    let provider: @MainActor (@escaping ([UIMenuElement]) -> Void) -> Void = { completion in
      Task { @MainActor in
        completion(UIMenuElement.elements(await deferred.elements()))
      }
    }
    switch deferred.caching {
    case .cached: return UIDeferredMenuElement(provider)
    case .uncached: return UIDeferredMenuElement.uncached(provider)
    }
  }
}

extension UIMenuElement {
  /// Converts model elements to UIKit elements, in order.
  ///
  /// - Parameter elements: The model elements.
  /// - Returns: The UIKit elements.
  public static func elements(_ elements: [MenuElement]) -> [UIMenuElement] {
    elements.map { element in
      switch element {
      case .action(let action): UIAction(action)
      case .menu(let menu): UIMenu(menu)
      case .deferred(let deferred): UIDeferredMenuElement.make(deferred)
      }
    }
  }
}

extension UIImage {
  /// An SF Symbol, or else an asset, named `name`.
  static func named(_ name: String?) -> UIImage? {
    guard let name else { return nil }
    return UIImage(systemName: name) ?? UIImage(named: name)
  }
}

extension UIMenu {
  /// This menu or the submenu with `identifier`.
  func submenu(withIdentifier identifier: UIMenu.Identifier) -> UIMenu? {
    if self.identifier == identifier { return self }
    for case let child as UIMenu in children {
      if let found = child.submenu(withIdentifier: identifier) { return found }
    }
    return nil
  }
}
#endif
