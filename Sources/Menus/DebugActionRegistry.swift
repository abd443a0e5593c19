/// App-wide debug actions, registered once and appended to every debug menu.
///
/// ```swift
/// #if DEBUG
/// DebugActionRegistry.shared.register("environment") {
///   MenuAction("Use staging") { _ in Environment.current = .staging }
/// }
/// #endif
/// ```
@MainActor
public final class DebugActionRegistry {
  /// The registry debug menus read.
  public static let shared = DebugActionRegistry()

  private var entries: [(key: String, elements: @MainActor () -> [MenuElement])] = []

  /// Makes an empty registry (tests make their own; apps use ``shared``).
  public init() {}

  /// Registers actions under `key`, replacing what was registered under it before.
  ///
  /// The closure runs each time a debug menu is shown, so the items can show current values.
  ///
  /// - Parameters:
  ///   - key: Names the group, to replace or remove it later.
  ///   - elements: Builds the items.
  public func register(
    _ key: String, @MenuBuilder elements: @escaping @MainActor () -> [MenuElement]
  ) {
    if let index = entries.firstIndex(where: { $0.key == key }) {
      entries[index].elements = elements
    } else {
      entries.append((key, elements))
    }
  }

  /// Removes the group registered under `key`.
  ///
  /// - Parameter key: The group's key.
  public func unregister(_ key: String) {
    entries.removeAll { $0.key == key }
  }

  /// The registered items, group by group in the order they were first registered.
  public var elements: [MenuElement] {
    entries.flatMap { $0.elements() }
  }
}
