import SystemSupport

/// Menu items produced asynchronously when the menu is shown, such as values fetched from a server.
///
/// A cached element runs its provider once, the first time it is shown, and shows the same
/// items afterwards; an uncached one runs it every time. UIKit shows a loading row until the items
/// arrive (`UIDeferredMenuElement`).
///
/// ```swift
/// DeferredMenuElement(caching: .uncached) {
///   [MenuAction("Token: \(await session.token)") { _ in }]
/// }
/// ```
public struct DeferredMenuElement: Sendable {
  /// When the provider runs.
  public enum Caching: Sendable {
    /// Once; later displays reuse the items.
    case cached
    /// On every display.
    case uncached
  }

  /// Produces the items.
  public typealias Provider = @MainActor @Sendable () async -> [MenuElement]

  /// When the provider runs.
  public let caching: Caching
  private let provider: Provider
  /// The items of a cached element once it ran, shared by its copies.
  private let cache: Locked<[MenuElement]?>

  /// Makes a deferred element.
  ///
  /// - Parameters:
  ///   - caching: When the provider runs; cached by default, as in UIKit.
  ///   - provider: Produces the items.
  public init(caching: Caching = .cached, provider: @escaping Provider) {
    self.caching = caching
    self.provider = provider
    self.cache = Locked(nil)
  }

  /// The items: from the cache for a cached element that ran before, else from the provider.
  ///
  /// - Returns: The items.
  @MainActor
  public func elements() async -> [MenuElement] {
    if caching == .cached, let cached = cache.withLock({ $0 }) { return cached }
    let elements = await provider()
    if caching == .cached { cache.withLock { $0 = elements } }
    return elements
  }

  /// Whether a cached element already holds its items.
  @MainActor
  public var isResolved: Bool { caching == .cached && cache.withLock { $0 != nil } }
}
