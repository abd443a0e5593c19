package import Foundation
package import UpdateFeeds

/// What `appcast add` and `dmg ship --appcast` write about a released file, and where.
package struct UpdateFeedOptions: Sendable {
  /// The Sparkle appcast to write or update, if any.
  package var appcastPath: String?
  /// The EdDSA key that signs the Sparkle item (needed with ``appcastPath``).
  package var signingKey: SparkleSigningKey?
  /// electron-updater's `latest-mac.yml` to write or update, if any.
  package var electronUpdaterPath: String?
  /// What the file's name is appended to for the enclosure's URL (`https://host/path/`); the
  /// name alone without it.
  package var downloadURLPrefix: String?
  /// The item's `sparkle:channel`; `nil` for the default channel.
  package var channel: String?
  /// The item's title; by default `<CFBundleName> <short version>`.
  package var title: String?
  /// The publication date (`pubDate`, `releaseDate`).
  package var date: Date

  /// Makes options that write nothing until a feed is set.
  package init(date: Date) { self.date = date }

  /// Reads the EdDSA key from the text Sparkle's `generate_keys -x` exports; `source` names it
  /// in errors (a path, `$VARIABLE`), never the text.
  ///
  /// - Throws: ``UpdateFeedError/unusableKey(source:reason:)``.
  package mutating func readSigningKey(exportedText text: String, source: String) throws {
    signingKey = try SparkleSigningKey(exportedText: text, source: source)
  }

  /// Whether any feed is to be written.
  package var writesAnything: Bool { appcastPath != nil || electronUpdaterPath != nil }
}
