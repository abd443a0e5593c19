/// A menu: a titled group of items, submenus and deferred items.
///
/// ```swift
/// let menu = Menu("Sort") {
///   MenuAction("Name", state: .on) { _ in sort(by: .name) }
///   MenuAction("Date") { _ in sort(by: .date) }
/// }
/// ```
public struct Menu: Sendable {
  /// The title; empty for a menu shown without one.
  public var title: String
  /// A second line under the title.
  public var subtitle: String?
  /// The name of an SF Symbol or asset shown beside the title.
  public var imageName: String?
  /// A stable identifier; submenus are matched by it when a visible menu is updated.
  public var identifier: String?
  /// How the children are shown.
  public var options: MenuOptions
  /// The items, submenus and deferred items, in order.
  public var children: [MenuElement]

  /// Makes a menu from its children, written with ``MenuBuilder``.
  ///
  /// - Parameters:
  ///   - title: The title.
  ///   - subtitle: A second line, or `nil`.
  ///   - imageName: An SF Symbol or asset name, or `nil`.
  ///   - identifier: A stable identifier, or `nil`.
  ///   - options: How the children are shown.
  ///   - children: The children.
  public init(
    _ title: String = "",
    subtitle: String? = nil,
    imageName: String? = nil,
    identifier: String? = nil,
    options: MenuOptions = [],
    @MenuBuilder children: () -> [MenuElement] = { [] }
  ) {
    self.init(
      title, subtitle: subtitle, imageName: imageName, identifier: identifier, options: options,
      elements: children())
  }

  /// Makes a menu from an array of children.
  ///
  /// - Parameters:
  ///   - title: The title.
  ///   - subtitle: A second line, or `nil`.
  ///   - imageName: An SF Symbol or asset name, or `nil`.
  ///   - identifier: A stable identifier, or `nil`.
  ///   - options: How the children are shown.
  ///   - elements: The children.
  public init(
    _ title: String = "",
    subtitle: String? = nil,
    imageName: String? = nil,
    identifier: String? = nil,
    options: MenuOptions = [],
    elements: [MenuElement]
  ) {
    self.title = title
    self.subtitle = subtitle
    self.imageName = imageName
    self.identifier = identifier
    self.options = options
    self.children = elements
  }
}
