/// A signature that cannot be read.
package enum SignatureError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A structure of the signature is damaged.
  case malformed(String)

  /// A sentence naming the problem.
  package var description: String {
    switch self {
    case .malformed(let reason): "damaged code signature: \(reason)"
    }
  }
}
