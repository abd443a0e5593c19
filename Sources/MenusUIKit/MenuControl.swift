#if MENUS_UIKIT
public import UIKitStandIn
public import Menus

/// A control that shows a menu when tapped, as `UIButton` does with `menu` and
/// `showsMenuAsPrimaryAction`, for any content you put in it.
///
/// UIControl only creates its context menu interaction for subclasses that override
/// `contextMenuInteraction(_:configurationForMenuAtLocation:)`, and the display methods must call
/// `super`. `MenuControl` does both, so a subclass only adds its content:
///
/// ```swift
/// final class AvatarMenuControl: MenuControl {
///   let imageView = UIImageView(image: UIImage(systemName: "person.crop.circle"))
///   override init(frame: CGRect) {
///     super.init(frame: frame)
///     addSubview(imageView)
///   }
///   required init?(coder: NSCoder) { super.init(coder: coder) }
/// }
///
/// let control = AvatarMenuControl()
/// control.menu = UIMenu(children: [UIAction(title: "Sign Out") { _ in session.end() }])
/// ```
///
/// The menu opens on tap (`showsMenuAsPrimaryAction`, on by default) or, with that off, on long
/// press. Setting ``menu`` while it is visible updates the visible menu. The control sends
/// `.menuActionTriggered` before the menu appears.
@MainActor
open class MenuControl: UIControl {
  // MARK: - Properties

  /// The menu shown by the control; `nil` for none.
  open var menu: UIMenu? {
    didSet { updateVisibleMenu(replacing: oldValue) }
  }

  /// Whether the menu is on screen now.
  public private(set) var isMenuVisible = false

  // MARK: - Lifecycle

  /// Makes a control that shows its menu on tap.
  ///
  /// - Parameter frame: The control's frame.
  public override init(frame: CGRect) {
    super.init(frame: frame)
    isContextMenuInteractionEnabled = true
    showsMenuAsPrimaryAction = true
  }

  /// Makes a control from an archive; it shows its menu on tap.
  ///
  /// - Parameter coder: The archive.
  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    isContextMenuInteractionEnabled = true
    showsMenuAsPrimaryAction = true
  }

  /// Makes a control showing `menu` on tap.
  ///
  /// - Parameter menu: The menu.
  public convenience init(menu: UIMenu?) {
    self.init(frame: .zero)
    self.menu = menu
  }

  /// Makes a control showing a menu model on tap.
  ///
  /// - Parameter menu: The model, converted with `UIMenu(_:)`.
  public convenience init(menu: Menus.Menu) {
    self.init(menu: UIMenu(menu))
  }

  // MARK: - UIContextMenuInteractionDelegate

  /// Returns a configuration showing ``menu``, or `nil` when there is none.
  open override func contextMenuInteraction(
    _ interaction: UIContextMenuInteraction,
    configurationForMenuAtLocation location: CGPoint
  ) -> UIContextMenuConfiguration? {
    guard menu != nil else { return nil }
    return UIContextMenuConfiguration(identifier: nil, previewProvider: nil) { [weak self] _ in
      self?.menu
    }
  }

  /// Notes that the menu is visible; calls `super`, as UIKit requires.
  open override func contextMenuInteraction(
    _ interaction: UIContextMenuInteraction,
    willDisplayMenuFor configuration: UIContextMenuConfiguration,
    animator: (any UIContextMenuInteractionAnimating)?
  ) {
    super.contextMenuInteraction(interaction, willDisplayMenuFor: configuration, animator: animator)
    isMenuVisible = true
  }

  /// Notes that the menu is gone; calls `super`, as UIKit requires.
  open override func contextMenuInteraction(
    _ interaction: UIContextMenuInteraction,
    willEndFor configuration: UIContextMenuConfiguration,
    animator: (any UIContextMenuInteractionAnimating)?
  ) {
    super.contextMenuInteraction(interaction, willEndFor: configuration, animator: animator)
    isMenuVisible = false
  }

  // MARK: - API

  /// Dismisses the menu if it is visible.
  public func dismissMenu() {
    contextMenuInteraction?.dismissMenu()
  }

  // MARK: - Updates

  /// Shows the new menu in place of the visible one: the root is replaced, and each visible
  /// submenu (UIKit calls the block once per visible submenu) by its namesake in the new menu.
  private func updateVisibleMenu(replacing oldMenu: UIMenu?) {
    guard isMenuVisible, let interaction = contextMenuInteraction else { return }
    guard let menu else { return interaction.dismissMenu() }
    interaction.updateVisibleMenu { visible in
      if visible.identifier == oldMenu?.identifier || visible.identifier == menu.identifier {
        return menu
      }
      return menu.submenu(withIdentifier: visible.identifier) ?? visible
    }
  }
}
#endif
