/// What the update feeds say of a released file, as written.
public struct UpdateFeedSummary: Sendable, Equatable, Encodable {
  /// The app's values, as read from inside the file.
  public let app: ShippedAppInfo
  /// The enclosure URL.
  public let url: String
  /// The file's size.
  public let length: Int64
  /// The Base64 EdDSA signature, when an appcast was written.
  public let edSignature: String?
  /// The Base64 SHA-512, when a `latest-mac.yml` was written.
  public let sha512: String?
  /// Things the user should know, such as a `latest-mac.yml` without a zip.
  public let warnings: [String]
}
