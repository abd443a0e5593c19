#if MENUS_UIKIT
public import UIKitStandIn

extension UIView {
  /// Adds a ``DebugMenuInteraction`` for this view's own debug actions, in debug builds only.
  ///
  /// The view must conform to ``DebugMenuInteractionDelegate`` (in a `#if DEBUG` block); in
  /// builds without `DEBUG` the call does nothing, so production code can keep it:
  ///
  /// ```swift
  /// userTextField.addDebugMenuInteraction()
  /// ```
  ///
  /// Calling it again replaces the interaction rather than adding a second one.
  public func addDebugMenuInteraction() {
    #if DEBUG
    guard let delegate = self as? any DebugMenuInteractionDelegate else { return }
    addDebugMenuInteraction(delegate: delegate)
    #endif
  }

  /// Adds a ``DebugMenuInteraction`` whose actions come from `delegate`, in debug builds only.
  ///
  /// - Parameters:
  ///   - delegate: Supplies the actions; held weakly.
  ///   - title: The menu's title.
  public func addDebugMenuInteraction(
    delegate: any DebugMenuInteractionDelegate,
    title: String = DebugMenuInteraction.defaultTitle
  ) {
    #if DEBUG
    removeDebugMenuInteraction()
    addInteraction(DebugMenuInteraction(delegate: delegate, title: title))
    #endif
  }

  /// Removes every ``DebugMenuInteraction`` from the view.
  public func removeDebugMenuInteraction() {
    for interaction in interactions where interaction is DebugMenuInteraction {
      removeInteraction(interaction)
    }
  }
}
#endif
