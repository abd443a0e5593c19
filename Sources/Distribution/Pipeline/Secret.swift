import Foundation

/// A password or key that must never be printed: its description is always `******`.
package struct Secret: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
  /// The value, for handing to a tool and nothing else.
  package let value: String

  /// Wraps a value.
  package init(_ value: String) { self.value = value }

  /// `******`.
  package var description: String { "******" }
  /// `******`.
  package var debugDescription: String { "******" }

  /// `text` with every occurrence of the secret replaced by `******`.
  package func redact(_ text: String) -> String {
    value.isEmpty ? text : text.replacingOccurrences(of: value, with: "******")
  }
}
