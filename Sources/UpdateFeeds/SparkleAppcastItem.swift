import SystemSupport

/// One update in a Sparkle appcast: what Sparkle's `SUAppcastItem` reads from an `<item>`.
///
/// ```xml
/// <item>
///   <title>Hello 2.0</title>
///   <pubDate>Wed, 02 Dec 2026 17:00:00 +0000</pubDate>
///   <sparkle:version>200</sparkle:version>
///   <sparkle:shortVersionString>2.0</sparkle:shortVersionString>
///   <sparkle:minimumSystemVersion>11.0</sparkle:minimumSystemVersion>
///   <enclosure url="https://example.com/Hello-2.0.dmg" length="1234567"
///     type="application/octet-stream" sparkle:edSignature="…"/>
/// </item>
/// ```
package struct SparkleAppcastItem: Sendable, Equatable {
  /// The item's title.
  package var title: String
  /// `pubDate`, in RFC 822's form (``SparkleAppcast/pubDate(_:)``).
  package var publicationDate: String
  /// `sparkle:version`: the app's `CFBundleVersion`, which Sparkle compares.
  package var version: String
  /// `sparkle:shortVersionString`: the app's `CFBundleShortVersionString`, which people see.
  package var shortVersion: String?
  /// `sparkle:minimumSystemVersion`: the app's `LSMinimumSystemVersion`.
  package var minimumSystemVersion: String?
  /// `sparkle:channel`: the channel the item is on; `nil` for the default channel.
  package var channel: String?
  /// The enclosure's `url`.
  package var url: String
  /// The enclosure's `length`: the file's size in bytes.
  package var length: Int64
  /// The enclosure's `sparkle:edSignature`: the Base64 Ed25519 signature of the file's bytes.
  package var edSignature: String

  /// Makes an item.
  package init(
    title: String, publicationDate: String, version: String, shortVersion: String?,
    minimumSystemVersion: String?, channel: String?, url: String, length: Int64,
    edSignature: String
  ) {
    self.title = title
    self.publicationDate = publicationDate
    self.version = version
    self.shortVersion = shortVersion
    self.minimumSystemVersion = minimumSystemVersion
    self.channel = channel
    self.url = url
    self.length = length
    self.edSignature = edSignature
  }

  /// The `<item>` element, its lines after the first indented by `indentation` and one level
  /// (`step`) more inside, the Sparkle namespace's elements written with `prefix`.
  func xml(prefix: String, indentation: String, step: String) -> String {
    let inner = indentation + step
    var lines = ["<item>"]
    func element(_ name: String, _ value: String?) {
      guard let value else { return }
      lines.append("\(inner)<\(name)>\(XMLText.escaped(value))</\(name)>")
    }
    element("title", title)
    element("pubDate", publicationDate)
    element("\(prefix):version", version)
    element("\(prefix):shortVersionString", shortVersion)
    element("\(prefix):minimumSystemVersion", minimumSystemVersion)
    element("\(prefix):channel", channel)
    lines.append(
      "\(inner)<enclosure url=\"\(XMLText.escaped(url))\" length=\"\(length)\" "
        + "type=\"application/octet-stream\" \(prefix):edSignature=\"\(edSignature)\"/>")
    lines.append("\(indentation)</item>")
    return lines.joined(separator: "\n")
  }
}
