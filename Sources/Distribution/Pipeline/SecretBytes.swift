/// Key material held in memory, such as the `.p12` identity or the `.p8` API key that a CI secret
/// holds in base64: never printed, never written to a file, never passed to another program.
///
/// Its description is always `******`; errors name it by ``origin``, which the caller chooses
/// (such as `$DEVELOPER_ID_P12`, the environment variable it came from). The native engine hands
/// the bytes to OpenSSL in memory (``SigningIdentity/p12Bytes(_:passwordFile:password:)``,
/// ``NotaryCredentials/apiKeyBytes(_:keyID:issuer:)``); Apple's tools and rcodesign read
/// credentials from files only, so those engines refuse it rather than write it to disk.
///
/// ```swift
/// let text = ProcessInfo.processInfo.environment["DEVELOPER_ID_P12"] ?? ""
/// let p12 = try SecretBytes(base64: text, origin: "$DEVELOPER_ID_P12")
/// let identity = SigningIdentity.p12Bytes(p12, password: Secret(password))
/// ```
public struct SecretBytes: Sendable, Equatable, CustomStringConvertible,
  CustomDebugStringConvertible, CustomReflectable
{
  /// The bytes, for OpenSSL and nothing else.
  package let bytes: [UInt8]
  /// Where the bytes came from, as messages name them, such as `$DEVELOPER_ID_P12`.
  public let origin: String

  /// Wraps bytes already decoded.
  ///
  /// - Parameters:
  ///   - bytes: The key material; it is never printed.
  ///   - origin: Where it came from, for messages.
  public init(_ bytes: [UInt8], origin: String) {
    self.bytes = bytes
    self.origin = origin
  }

  /// `******`.
  public var description: String { "******" }
  /// `******`.
  public var debugDescription: String { "******" }
  /// A mirror with no children, so that `dump` and reflection show `******` and not the bytes.
  public var customMirror: Mirror { Mirror(self, children: []) }
}
