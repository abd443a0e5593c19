/// Who signs: a keychain identity for Apple's `codesign`, or a certificate file for rcodesign
/// and the native engine.
///
/// ``NativeEngine`` signs with ``p12(path:passwordFile:password:)``,
/// ``p12Bytes(_:passwordFile:password:)`` or ``pem(path:)``; the password is passed in as a
/// ``Secret`` (the library reads no environment variable):
///
/// ```swift
/// let identity = SigningIdentity.p12(path: "developer-id.p12", password: Secret(password))
/// ```
public enum SigningIdentity: Sendable, Equatable {
  /// A keychain identity name, such as `Developer ID Application: Example (TEAMID)`, for Apple's
  /// `codesign` (the native engine refuses it).
  case keychain(name: String, keychain: String?)
  /// A PKCS#12 file and the file holding its password, or the password itself (read by the CLI
  /// from an environment variable); with neither, the password is empty.
  case p12(path: String, passwordFile: String? = nil, password: Secret? = nil)
  /// A PKCS#12 identity held in memory (such as a CI secret's base64, decoded), and its password
  /// as for ``p12(path:passwordFile:password:)``. Only the native engine signs with it: it is
  /// never written to a file, so Apple's tools and rcodesign, which read files, refuse it.
  case p12Bytes(SecretBytes, passwordFile: String? = nil, password: Secret? = nil)
  /// A PEM file holding the certificate and its private key.
  case pem(path: String)
}
