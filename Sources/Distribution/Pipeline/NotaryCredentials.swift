/// How to reach Apple's notary service.
///
/// ``NativeEngine`` notarizes with ``apiKey(path:keyID:issuer:)`` or
/// ``apiKeyBytes(_:keyID:issuer:)`` only; the other two are for Apple's `notarytool`.
public enum NotaryCredentials: Sendable, Equatable {
  /// A profile stored with `xcrun notarytool store-credentials`.
  case keychainProfile(String)
  /// An Apple ID, its team, and an app-specific password.
  case appleID(appleID: String, teamID: String, password: Secret)
  /// An App Store Connect API key: the `.p8` key file, its ID (by default from the file name
  /// `AuthKey_<id>.p8`) and the issuer's UUID (App Store Connect > Users and Access > Keys).
  case apiKey(path: String, keyID: String?, issuer: String?)
  /// An App Store Connect API key held in memory (the `.p8`'s PEM text, or its PKCS#8 DER), its
  /// ID and the issuer's UUID. Only the native engine notarizes with it: the key is never written
  /// to a file, so `notarytool` and rcodesign, which read files, refuse it.
  case apiKeyBytes(SecretBytes, keyID: String, issuer: String)
}
