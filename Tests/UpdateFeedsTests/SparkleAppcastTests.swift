import Foundation
import Testing
import UpdateFeeds

/// The appcast editor on feeds written by hand: namespaces, well-formedness, what is kept.
@Suite struct SparkleAppcastTests {
  static let item = SparkleAppcastItem(
    title: "Hello 2.0", publicationDate: "Wed, 02 Dec 2026 17:00:00 +0000", version: "2",
    shortVersion: "2.0", minimumSystemVersion: "11.0", channel: nil,
    url: "https://example.com/Hello 2.0 & more.dmg", length: 42, edSignature: "c2ln")

  func add(to feed: String) throws -> String {
    try SparkleAppcast(existing: Array(feed.utf8), path: "appcast.xml")
      .adding(Self.item, channelTitle: "Hello")
  }

  @Test func bindsTheSparkleNamespaceWhenTheRootHasNone() throws {
    let text = try add(to: "<rss version=\"2.0\">\n  <channel>\n  </channel>\n</rss>\n")
    #expect(text.hasPrefix("<rss version=\"2.0\" xmlns:sparkle=\"\(SparkleAppcast.namespace)\">"))
    #expect(text.contains("<sparkle:version>2</sparkle:version>"))
    #expect(text.contains("url=\"https://example.com/Hello 2.0 &amp; more.dmg\""))
    // The result is itself a feed the editor reads, and adding again replaces the item.
    let again = try add(to: text)
    #expect(again == text)
  }

  @Test func removesDuplicatesOfTheSameVersion() throws {
    let item = "<item><sparkle:version>2</sparkle:version></item>"
    let feed =
      "<rss xmlns:sparkle=\"\(SparkleAppcast.namespace)\"><channel>\(item)\n\(item)</channel></rss>"
    let text = try add(to: feed)
    #expect(text.components(separatedBy: "<sparkle:version>2</sparkle:version>").count == 2)
  }

  @Test func keepsTheVersionOfOlderFeedsInTheEnclosure() throws {
    let feed = """
      <rss xmlns:sparkle="\(SparkleAppcast.namespace)"><channel>
      <item><title>old</title><enclosure sparkle:version="2" url="x"/></item>
      <item><title>one</title><enclosure sparkle:version="1" url="y"/></item>
      </channel></rss>
      """
    let text = try add(to: feed)
    #expect(!text.contains("<title>old</title>"))
    #expect(text.contains("<title>one</title>"))
  }

  /// A feed and the words its error must contain.
  static let malformed: [(String, String)] = [
    ("<rss><channel><item></channel></rss>", "1:21: </channel> does not close"),
    ("<!DOCTYPE rss [<!ENTITY a 'b'>]><rss/>", "DOCTYPE"),
    ("<rss><channel/></rss><rss/>", "a second root element"),
    ("<rss a=b><channel/></rss>", "is not quoted"),
    ("<rss><channel>&nope;</channel></rss>", "&nope; is not a reference"),
    ("<rss><channel>\n<!-- open</channel></rss>", "2:1: the comment is never closed"),
    ("<feed/>", "not <rss>"),
    ("<rss xmlns:sparkle=\"https://wrong\"><channel/></rss>", "binds the sparkle prefix"),
    ("<rss a=\"1\" a=\"2\"><channel/></rss>", "appears twice"),
    ("<rss><channel/><channel/></rss>", "exactly one <channel>"),
  ]

  @Test(arguments: malformed)
  func malformedFeedsAreErrorsWithTheirPlace(feed: String, expected: String) {
    #expect {
      try add(to: feed)
    } throws: { error in
      "\(error)".contains(expected) && "\(error)".hasPrefix("appcast.xml:")
    }
  }
}
