/// How to reach Apple's notary service.
///
/// ``NativeEngine`` notarizes with ``apiKey(path:keyID:issuer:)`` only; the other two are for
/// Apple's `notarytool`.
public enum NotaryCredentials: Sendable, Equatable {
  /// A profile stored with `xcrun notarytool store-credentials`.
  case keychainProfile(String)
  /// An Apple ID, its team, and an app-specific password.
  case appleID(appleID: String, teamID: String, password: Secret)
  /// An App Store Connect API key: the `.p8` key file, its ID (by default from the file name
  /// `AuthKey_<id>.p8`) and the issuer's UUID (App Store Connect > Users and Access > Keys).
  case apiKey(path: String, keyID: String?, issuer: String?)
}
