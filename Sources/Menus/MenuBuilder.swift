/// Writes menu children as a list, with `if`, `switch` and `for`.
///
/// ```swift
/// Menu("Debug") {
///   MenuAction("Copy ID") { _ in copy(user.id) }
///   if user.isAdmin {
///     Menu("Admin", options: .displayInline) { … }
///   }
///   for flag in flags {
///     MenuAction(flag.name, state: flag.isOn ? .on : .off) { _ in flag.toggle() }
///   }
/// }
/// ```
@resultBuilder
public enum MenuBuilder {
  /// Turns an action into children.
  public static func buildExpression(_ action: MenuAction) -> [MenuElement] { [.action(action)] }
  /// Turns a submenu into children.
  public static func buildExpression(_ menu: Menu) -> [MenuElement] { [.menu(menu)] }
  /// Turns a deferred element into children.
  public static func buildExpression(_ deferred: DeferredMenuElement) -> [MenuElement] {
    [.deferred(deferred)]
  }
  /// Passes an element through.
  public static func buildExpression(_ element: MenuElement) -> [MenuElement] { [element] }
  /// Passes a list of elements through.
  public static func buildExpression(_ elements: [MenuElement]) -> [MenuElement] { elements }
  /// Joins the statements of a block.
  public static func buildBlock(_ components: [MenuElement]...) -> [MenuElement] {
    components.flatMap { $0 }
  }
  /// Supports `if` without `else`.
  public static func buildOptional(_ component: [MenuElement]?) -> [MenuElement] { component ?? [] }
  /// Supports the first branch of `if`/`else` and `switch`.
  public static func buildEither(first component: [MenuElement]) -> [MenuElement] { component }
  /// Supports the second branch of `if`/`else` and `switch`.
  public static func buildEither(second component: [MenuElement]) -> [MenuElement] { component }
  /// Supports `for` loops.
  public static func buildArray(_ components: [[MenuElement]]) -> [MenuElement] {
    components.flatMap { $0 }
  }
  /// Supports `if #available`.
  public static func buildLimitedAvailability(_ component: [MenuElement]) -> [MenuElement] {
    component
  }
}
