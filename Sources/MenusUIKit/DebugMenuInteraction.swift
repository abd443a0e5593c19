#if MENUS_UIKIT
public import UIKitStandIn
public import Menus

/// A context menu interaction that shows a view's debug actions on long press.
///
/// It owns the delegate object UIKit talks to (UIKit holds an interaction's delegate weakly) and
/// holds your ``DebugMenuInteractionDelegate`` weakly, so a view that is its own delegate is not
/// kept alive by it; once the delegate is gone, no menu appears. App-wide actions from a
/// `DebugActionRegistry` are appended to every menu, in an inline section.
///
/// Most code calls `UIView.addDebugMenuInteraction()`, which adds this interaction in debug
/// builds only.
@MainActor
public final class DebugMenuInteraction: UIContextMenuInteraction {
  /// The title of debug menus unless another is given.
  public static let defaultTitle = "Debug Actions"

  private let proxy: DelegateProxy

  /// The object that supplies the actions, if it is still alive.
  public var debugDelegate: (any DebugMenuInteractionDelegate)? { proxy.debugDelegate }

  /// Makes the interaction.
  ///
  /// - Parameters:
  ///   - delegate: Supplies the actions; held weakly.
  ///   - title: The menu's title.
  ///   - registry: The app-wide actions to append.
  public init(
    delegate: any DebugMenuInteractionDelegate,
    title: String = DebugMenuInteraction.defaultTitle,
    registry: DebugActionRegistry = .shared
  ) {
    let proxy = DelegateProxy(debugDelegate: delegate, title: title, registry: registry)
    self.proxy = proxy
    super.init(delegate: proxy)
  }

  /// Talks to UIKit for the interaction and reads the actions when the menu opens.
  private final class DelegateProxy: NSObject, UIContextMenuInteractionDelegate {
    weak var debugDelegate: (any DebugMenuInteractionDelegate)?
    let title: String
    let registry: DebugActionRegistry

    init(
      debugDelegate: any DebugMenuInteractionDelegate, title: String, registry: DebugActionRegistry
    ) {
      self.debugDelegate = debugDelegate
      self.title = title
      self.registry = registry
    }

    func contextMenuInteraction(
      _ interaction: UIContextMenuInteraction,
      configurationForMenuAtLocation location: CGPoint
    ) -> UIContextMenuConfiguration? {
      guard let debugDelegate else { return nil }
      var children = debugDelegate.debugActions()
      let appWide = UIMenuElement.elements(registry.elements)
      if !appWide.isEmpty {
        children.append(UIMenu(title: "", options: .displayInline, children: appWide))
      }
      guard !children.isEmpty else { return nil }
      let title = title
      return UIContextMenuConfiguration(identifier: nil, previewProvider: nil) { _ in
        UIMenu(title: title, children: children)
      }
    }
  }
}
#endif
