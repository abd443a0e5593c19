/// A menu item that runs a handler when selected.
///
/// ```swift
/// MenuAction("Delete", imageName: "trash", attributes: .destructive) { _ in store.deleteAll() }
/// ```
public struct MenuAction: Sendable {
  /// What selecting the item does; it receives the item.
  public typealias Handler = @MainActor @Sendable (MenuAction) -> Void

  /// The item's title.
  public var title: String
  /// A second line under the title.
  public var subtitle: String?
  /// The name of an SF Symbol (or an image in the app's assets) shown beside the title.
  public var imageName: String?
  /// A stable identifier, used to find the item and to keep state across updates.
  public var identifier: String?
  /// Destructive, disabled, hidden, keeps the menu presented.
  public var attributes: MenuElementAttributes
  /// Checkmark state.
  public var state: MenuElementState
  /// What selecting the item does.
  public var handler: Handler

  /// Makes an action.
  ///
  /// - Parameters:
  ///   - title: The title.
  ///   - subtitle: A second line, or `nil`.
  ///   - imageName: An SF Symbol or asset name, or `nil`.
  ///   - identifier: A stable identifier, or `nil`.
  ///   - attributes: How the item looks and behaves.
  ///   - state: The checkmark state.
  ///   - handler: What selecting the item does.
  public init(
    _ title: String,
    subtitle: String? = nil,
    imageName: String? = nil,
    identifier: String? = nil,
    attributes: MenuElementAttributes = [],
    state: MenuElementState = .off,
    handler: @escaping Handler
  ) {
    self.title = title
    self.subtitle = subtitle
    self.imageName = imageName
    self.identifier = identifier
    self.attributes = attributes
    self.state = state
    self.handler = handler
  }

  /// Whether a person can select the item: neither disabled nor hidden.
  public var isSelectable: Bool {
    attributes.isDisjoint(with: [.disabled, .hidden])
  }
}
