#if MENUS_UIKIT
public import UIKitStandIn
public import Menus

extension UIAction {
  /// An action that copies a value to the pasteboard, showing the value as its subtitle.
  ///
  /// ```swift
  /// UIAction.copyValue(titled: "Copy User ID", value: user.id)
  /// ```
  ///
  /// - Parameters:
  ///   - title: The action's title.
  ///   - value: The value, read when the menu is built and again when the action is selected.
  ///   - pasteboard: Where to copy it.
  /// - Returns: The action.
  public static func copyValue(
    titled title: String,
    value: @escaping @autoclosure @MainActor () -> String,
    pasteboard: UIPasteboard = .general
  ) -> UIAction {
    UIAction(title: title, subtitle: value(), image: UIImage(systemName: "doc.on.doc")) { _ in
      pasteboard.string = value()
    }
  }

  /// An item that shows a value (its title, with the value as subtitle); selecting it copies
  /// the value.
  ///
  /// - Parameters:
  ///   - title: What the value is, such as "Build".
  ///   - value: The value shown.
  ///   - pasteboard: Where selecting copies it.
  /// - Returns: The action.
  public static func showValue(
    titled title: String, value: String, pasteboard: UIPasteboard = .general
  ) -> UIAction {
    UIAction(title: title, subtitle: value) { _ in pasteboard.string = value }
  }
}

extension UIDeferredMenuElement {
  /// An item showing a value that loads asynchronously, such as a token from a server.
  ///
  /// UIKit shows a loading row until the value arrives. `nil` shows "unavailable".
  ///
  /// - Parameters:
  ///   - title: What the value is.
  ///   - caching: `.uncached` (the default) loads on every display; `.cached` once.
  ///   - load: Loads the value.
  /// - Returns: The deferred element.
  public static func value(
    titled title: String,
    caching: DeferredMenuElement.Caching = .uncached,
    load: @escaping @MainActor @Sendable () async -> String?
  ) -> UIDeferredMenuElement {
    let deferred = DeferredMenuElement(caching: caching) {
      let value = await load()
      return [
        .action(
          MenuAction(title, subtitle: value ?? "unavailable") { _ in
            UIPasteboard.general.string = value
          })
      ]
    }
    return make(deferred)
  }
}
#endif
