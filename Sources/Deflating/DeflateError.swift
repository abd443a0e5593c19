/// zlib could not start or go on compressing.
package struct DeflateError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What zlib returned, and from which call.
  package let reason: String

  /// The error of `reason`.
  package init(_ reason: String) { self.reason = reason }

  /// `compression failed: <reason>`.
  package var description: String { "compression failed: \(reason)" }
}
