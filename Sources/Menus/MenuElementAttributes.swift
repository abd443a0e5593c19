/// How a menu item looks and behaves: destructive, disabled, hidden, keeps the menu open.
///
/// The raw values are UIKit's (`UIMenuElement.Attributes`), so that adapters convert directly.
public struct MenuElementAttributes: OptionSet, Hashable, Sendable {
  /// The raw bit set.
  public let rawValue: UInt

  /// Makes attributes from their raw bits.
  public init(rawValue: UInt) { self.rawValue = rawValue }

  /// The item cannot be selected.
  ///
  /// UIKit: `.disabled` (1 << 0).
  public static let disabled = MenuElementAttributes(rawValue: 1 << 0)
  /// The item is drawn as destructive.
  ///
  /// UIKit: `.destructive` (1 << 1).
  public static let destructive = MenuElementAttributes(rawValue: 1 << 1)
  /// The item is not shown.
  ///
  /// UIKit: `.hidden` (1 << 2).
  public static let hidden = MenuElementAttributes(rawValue: 1 << 2)
  /// Selecting the item leaves the menu open.
  ///
  /// UIKit: `.keepsMenuPresented` (1 << 3, iOS 16).
  public static let keepsMenuPresented = MenuElementAttributes(rawValue: 1 << 3)
}

/// Whether an item shows a checkmark.
///
/// The raw values are UIKit's (`UIMenuElement.State`).
public enum MenuElementState: Int, Hashable, Sendable {
  /// No checkmark.
  case off = 0
  /// A checkmark.
  case on = 1
  /// A dash, for a partly applied setting.
  case mixed = 2
}

/// How a menu shows its children.
///
/// The raw values are UIKit's (`UIMenu.Options`).
public struct MenuOptions: OptionSet, Hashable, Sendable {
  /// The raw bit set.
  public let rawValue: UInt

  /// Makes options from their raw bits.
  public init(rawValue: UInt) { self.rawValue = rawValue }

  /// The children appear inline in the parent, set off by separators.
  ///
  /// UIKit: 1 << 0.
  public static let displayInline = MenuOptions(rawValue: 1 << 0)
  /// The menu is drawn as destructive.
  ///
  /// UIKit: 1 << 1.
  public static let destructive = MenuOptions(rawValue: 1 << 1)
  /// At most one child action is on at a time.
  ///
  /// UIKit: `.singleSelection` (1 << 5, iOS 15).
  public static let singleSelection = MenuOptions(rawValue: 1 << 5)
  /// The children appear as a row of small items.
  ///
  /// UIKit: `.displayAsPalette` (1 << 7, iOS 17).
  public static let displayAsPalette = MenuOptions(rawValue: 1 << 7)
}
