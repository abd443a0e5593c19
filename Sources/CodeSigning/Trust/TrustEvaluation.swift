package import Foundation

/// What ``TrustPolicy/evaluate(chain:at:)`` concluded about a signature's certificates: the root
/// that anchors them, or exactly why none does.
package struct TrustEvaluation: Sendable, Equatable {
  /// The subject of the root the chain ends at, when it is trusted: `CN=Apple Root CA, …`.
  package let anchor: String?
  /// Whether ``anchor`` is one of Apple's embedded roots (`false` for a root added from a file).
  package let anchorIsApple: Bool
  /// Why the chain is not trusted, such as `chain ends at CN=…, not an Apple root`; `nil` when
  /// it is.
  package let problem: String?
  /// The subjects of the chain as it was built, leaf first, as far as it got.
  package let path: [String]
  /// The time the certificates were judged at.
  package let date: Date

  /// Whether the chain ends at a trusted root through a Developer ID intermediate, with a
  /// Developer ID Application leaf, every certificate valid at ``date``.
  package var isTrusted: Bool { problem == nil }

  /// One line for people: `anchored by <root> (Apple root)`, or the problem.
  package var summary: String {
    guard let anchor, problem == nil else { return problem ?? "not trusted" }
    return "anchored by \(anchor) (\(anchorIsApple ? "Apple root" : "added root"))"
  }

  /// A trusted chain.
  static func trusted(anchor: String, isApple: Bool, path: [String], date: Date) -> Self {
    Self(anchor: anchor, anchorIsApple: isApple, problem: nil, path: path, date: date)
  }

  /// A chain refused for `problem`.
  static func refused(_ problem: String, path: [String], date: Date) -> Self {
    Self(anchor: nil, anchorIsApple: false, problem: problem, path: path, date: date)
  }
}
