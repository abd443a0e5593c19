#if MENUS_UIKIT
public import UIKitStandIn

/// Supplies the debug actions of a view.
///
/// Conform in a `#if DEBUG` block so that nothing of it ships:
///
/// ```swift
/// #if DEBUG
/// extension UserTextField: DebugMenuInteractionDelegate {
///   func debugActions() -> [UIMenuElement] {
///     [UIAction(title: "Copy Identifier") { _ in UIPasteboard.general.string = self.user?.identifier ?? "" }]
///   }
/// }
/// #endif
/// ```
@MainActor
public protocol DebugMenuInteractionDelegate: AnyObject {
  /// The actions to show, read each time the menu opens; an empty array shows no menu.
  ///
  /// Return `UIDeferredMenuElement`s for values that load asynchronously.
  func debugActions() -> [UIMenuElement]
}
#endif
