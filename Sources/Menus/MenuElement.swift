/// Anything a menu can hold: an action, a submenu, or items that load later.
public enum MenuElement: Sendable {
  /// A selectable item.
  case action(MenuAction)
  /// A submenu, or an inline section.
  case menu(Menu)
  /// Items produced asynchronously when the menu is shown.
  case deferred(DeferredMenuElement)

  /// The action, if this element is one.
  public var action: MenuAction? {
    if case .action(let action) = self { return action }
    return nil
  }

  /// The submenu, if this element is one.
  public var menu: Menu? {
    if case .menu(let menu) = self { return menu }
    return nil
  }
}

extension Menu {
  /// Every action in the menu and its submenus, depth first (deferred items are not loaded).
  public var allActions: [MenuAction] {
    children.flatMap { element -> [MenuAction] in
      switch element {
      case .action(let action): [action]
      case .menu(let menu): menu.allActions
      case .deferred: []
      }
    }
  }

  /// The first action with `identifier`, searching submenus too.
  ///
  /// - Parameter identifier: The identifier to look for.
  /// - Returns: The action, or `nil`.
  public func action(withIdentifier identifier: String) -> MenuAction? {
    allActions.first { $0.identifier == identifier }
  }

  /// The menu or submenu with `identifier`, this one included.
  ///
  /// - Parameter identifier: The identifier to look for.
  /// - Returns: The menu, or `nil`.
  public func submenu(withIdentifier identifier: String) -> Menu? {
    if self.identifier == identifier { return self }
    for case .menu(let child) in children {
      if let found = child.submenu(withIdentifier: identifier) { return found }
    }
    return nil
  }

  /// The menu after a person selects the action `identifier`, for menus that keep checkmarks.
  ///
  /// In a ``MenuOptions/singleSelection`` menu the selected action turns on and its siblings
  /// off; elsewhere it toggles between on and off. Submenus apply their own rule.
  ///
  /// - Parameter identifier: The selected action's identifier.
  /// - Returns: The updated menu.
  public func selecting(_ identifier: String) -> Menu {
    var copy = self
    let holdsTarget = children.contains { $0.action?.identifier == identifier }
    copy.children = children.map { element in
      switch element {
      case .action(var action):
        if options.contains(.singleSelection), holdsTarget {
          action.state = action.identifier == identifier ? .on : .off
        } else if action.identifier == identifier {
          action.state = action.state == .on ? .off : .on
        }
        return .action(action)
      case .menu(let menu):
        return .menu(menu.selecting(identifier))
      case .deferred:
        return element
      }
    }
    return copy
  }
}
