public import Foundation
package import UpdateFeeds

/// What `appcast add` and `dmg ship --appcast` write about a released file, and where.
public struct UpdateFeedOptions: Sendable {
  /// The Sparkle appcast to write or update, if any.
  public var appcastPath: String?
  /// The EdDSA key that signs the Sparkle item (needed with ``appcastPath``).
  package var signingKey: SparkleSigningKey?
  /// electron-updater's `latest-mac.yml` to write or update, if any.
  public var electronUpdaterPath: String?
  /// What the file's name is appended to for the enclosure's URL (`https://host/path/`); the
  /// name alone without it.
  public var downloadURLPrefix: String?
  /// The item's `sparkle:channel`; `nil` for the default channel.
  public var channel: String?
  /// The item's title; by default `<CFBundleName> <short version>`.
  public var title: String?
  /// The publication date (`pubDate`, `releaseDate`).
  public var date: Date

  /// Makes options that write nothing until a feed is set.
  public init(date: Date) { self.date = date }

  /// Reads the EdDSA key from the text Sparkle's `generate_keys -x` exports; `source` names it
  /// in errors (a path, `$VARIABLE`), never the text.
  ///
  /// - Throws: An error naming `source` when the text is not a 32- or 96-byte Ed25519 key.
  public mutating func readSigningKey(exportedText text: String, source: String) throws {
    signingKey = try SparkleSigningKey(exportedText: text, source: source)
  }

  /// Whether any feed is to be written.
  public var writesAnything: Bool { appcastPath != nil || electronUpdaterPath != nil }
}
