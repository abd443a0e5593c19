/// Why an update feed cannot be written: a key that cannot sign, a feed that cannot be read or
/// edited, an app whose Info.plist lacks what a feed item needs.
package enum UpdateFeedError: Error, Equatable, Sendable {
  /// The EdDSA key is not what Sparkle's `generate_keys -x` exports.
  case unusableKey(source: String, reason: String)
  /// The existing feed at `path` is not one we can edit: `line` and `column` (1-based) name
  /// where.
  case malformedFeed(path: String, line: Int, column: Int, reason: String)
  /// A value the item needs is missing or unusable.
  case invalidItem(reason: String)
  /// OpenSSL or libsodium failed to sign, or a signature did not verify.
  case signingFailed(reason: String)
}

extension UpdateFeedError: CustomStringConvertible {
  /// A sentence naming the problem and where it is.
  package var description: String {
    switch self {
    case .unusableKey(let source, let reason): "the EdDSA key from \(source) \(reason)"
    case .malformedFeed(let path, let line, let column, let reason):
      "\(path):\(line):\(column): \(reason)"
    case .invalidItem(let reason): reason
    case .signingFailed(let reason): "Ed25519 signing failed: \(reason)"
    }
  }
}
