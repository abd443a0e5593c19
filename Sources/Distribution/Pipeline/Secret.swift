import Foundation

/// A password or key that must never be printed: its description is always `******`.
///
/// String interpolation, `print`, `String(describing:)`, `String(reflecting:)`, `dump` and
/// `Mirror` all show `******`; only the engine that hands the value to OpenSSL or a tool reads
/// it.
///
/// ```swift
/// let password = Secret(try String(contentsOfFile: "/run/secrets/p12-password", encoding: .utf8))
/// print(password)  // ******
/// ```
public struct Secret: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// The value, for handing to a tool and nothing else.
  package let value: String

  /// Wraps a value.
  ///
  /// - Parameter value: The password or key; it is never printed.
  public init(_ value: String) { self.value = value }

  /// `******`.
  public var description: String { "******" }
  /// `******`.
  public var debugDescription: String { "******" }
  /// A mirror with no children, so that `dump` and reflection show `******` and not the value.
  public var customMirror: Mirror { Mirror(self, children: []) }

  /// `text` with every occurrence of the secret replaced by `******`.
  package func redact(_ text: String) -> String {
    value.isEmpty ? text : text.replacingOccurrences(of: value, with: "******")
  }
}
