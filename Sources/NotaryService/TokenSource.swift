package import Foundation

/// Hands out Notary API tokens, making a new one when the current one has less than five
/// minutes left, so that long waits never send an expired token.
package actor TokenSource {
  private let key: AppStoreConnectKey
  private let now: @Sendable () -> Date
  private var current: (token: String, expires: Date)?

  /// Makes a source over `key`, reading the time from `now`.
  package init(key: AppStoreConnectKey, now: @escaping @Sendable () -> Date) {
    self.key = key
    self.now = now
  }

  /// A token valid for at least five more minutes.
  package func token() throws(NotaryServiceError) -> String {
    let date = now()
    if let current, current.expires.timeIntervalSince(date) > 5 * 60 { return current.token }
    let token = try key.token(at: date)
    current = (token, date.addingTimeInterval(AppStoreConnectKey.lifetime))
    return token
  }
}
