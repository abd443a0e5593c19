package import Foundation
import SystemSupport

/// A Sparkle appcast (an RSS 2.0 feed with Sparkle's namespace) edited in place: an item is
/// added, or replaces the item of the same `sparkle:version`, and every other byte of the feed
/// (other items, their channels, the channel's own elements, comments) stays as it was.
///
/// Sparkle reads `/rss/channel/item`, and each item's elements and enclosure attributes by the
/// namespace `http://www.andymatuschak.org/xml-namespaces/sparkle` (any prefix), so the prefix
/// the feed's root binds to it is the one used; a root that binds none gets
/// `xmlns:sparkle`.
///
/// ```swift
/// var feed = try SparkleAppcast(existing: bytes, path: "appcast.xml")  // or nil: a new feed
/// let text = try feed.adding(item, channelTitle: "Hello")
/// ```
package struct SparkleAppcast {
  /// Sparkle's namespace name, compared exactly (`http`, not `https`), as Sparkle does.
  package static let namespace = "http://www.andymatuschak.org/xml-namespaces/sparkle"

  private let existing: XMLOutline?
  private let path: String

  /// Reads an existing feed's `bytes` (`nil` when there is none yet); `path` names it in errors.
  ///
  /// - Throws: ``UpdateFeedError/malformedFeed(path:line:column:reason:)`` when the bytes are
  ///   not well-formed XML with an `rss` root holding a `channel`.
  package init(existing bytes: [UInt8]?, path: String) throws(UpdateFeedError) {
    self.path = path
    guard let bytes else {
      existing = nil
      return
    }
    let outline = try XMLOutline(bytes, path: path)
    guard outline.elements[0].name == "rss" else {
      throw .malformedFeed(
        path: path, line: 1, column: 1,
        reason: "the root element is <\(outline.elements[0].name)>, not <rss>")
    }
    guard outline.children(of: 0, named: "channel").count == 1 else {
      throw .malformedFeed(
        path: path, line: 1, column: 1, reason: "<rss> must hold exactly one <channel>")
    }
    existing = outline
  }

  /// The feed's text with `item` added: in place of every item of the same version (the first
  /// one replaced, the others removed), else before the first item (newest first, as
  /// Sparkle's `generate_appcast` orders them), else at the end of the channel.
  ///
  /// - Parameters:
  ///   - item: The item to add.
  ///   - channelTitle: The channel's title in a new feed.
  /// - Returns: The whole feed's new text.
  /// - Throws: ``UpdateFeedError/malformedFeed(path:line:column:reason:)`` when the root binds
  ///   the `sparkle` prefix to another namespace.
  package func adding(_ item: SparkleAppcastItem, channelTitle: String) throws(UpdateFeedError)
    -> String
  {
    guard let outline = existing else {
      let body = item.xml(prefix: "sparkle", indentation: "    ", step: "  ")
      return """
        <?xml version="1.0" encoding="utf-8"?>
        <rss version="2.0" xmlns:sparkle="\(Self.namespace)">
          <channel>
            <title>\(XMLText.escaped(channelTitle))</title>
            \(body)
          </channel>
        </rss>

        """
    }
    var edits: [(range: Range<Int>, text: String)] = []
    let prefix: String
    if let bound = outline.elements[0].attributes.first(where: {
      $0.name.hasPrefix("xmlns:") && $0.value == Self.namespace
    }) {
      prefix = String(bound.name.dropFirst(6))
    } else {
      if let other = outline.attribute("xmlns:sparkle", of: 0) {
        throw .malformedFeed(
          path: path, line: 1, column: 1,
          reason: "<rss> binds the sparkle prefix to \(other), not \(Self.namespace)")
      }
      prefix = "sparkle"
      let root = outline.elements[0]
      let close = outline.bytes[root.startTagEnd - 2] == UInt8(ascii: "/") ? 2 : 1
      let at = root.startTagEnd - close
      edits.append((at..<at, " xmlns:sparkle=\"\(Self.namespace)\""))
    }
    let channel = outline.children(of: 0, named: "channel")[0]
    let items = outline.children(of: channel, named: "item")
    let same = items.filter { version(of: $0, in: outline, prefix: prefix) == item.version }
    if let first = same.first {
      let indentation = outline.indentation(of: first)
      let text = item.xml(prefix: prefix, indentation: indentation, step: "  ")
      let element = outline.elements[first]
      edits.append((element.start..<element.end, text))
      for duplicate in same.dropFirst() {
        let element = outline.elements[duplicate]
        let indentation = outline.indentation(of: duplicate)
        edits.append(((element.start - indentation.utf8.count)..<element.end, ""))
      }
    } else if let first = items.first {
      let indentation = outline.indentation(of: first)
      let text = item.xml(prefix: prefix, indentation: indentation, step: "  ")
      let start = outline.elements[first].start
      edits.append((start..<start, text + "\n" + indentation))
    } else {
      let element = outline.elements[channel]
      let indentation = outline.indentation(of: channel) + "  "
      let text = item.xml(prefix: prefix, indentation: indentation, step: "  ")
      // Before `</channel>`: the end tag starts at the last `<` of the element.
      let endTag = outline.bytes[..<element.end].lastIndex(of: UInt8(ascii: "<")) ?? element.end
      edits.append((endTag..<endTag, "  " + text + "\n" + outline.indentation(of: channel)))
    }
    var bytes = outline.bytes
    for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
      bytes.replaceSubrange(edit.range, with: Array(edit.text.utf8))
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The item's `sparkle:version`: its element, else its enclosure's attribute (older feeds).
  private func version(of item: Int, in outline: XMLOutline, prefix: String) -> String? {
    if let element = outline.children(of: item, named: "\(prefix):version").first {
      return outline.elements[element].text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    return outline.children(of: item, named: "enclosure").first.flatMap {
      outline.attribute("\(prefix):version", of: $0)
    }
  }

  /// `date` as RSS's `pubDate` wants it (RFC 822 with a four-digit year, in UTC), such as
  /// `Wed, 02 Dec 2026 17:00:00 +0000`.
  package static func pubDate(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
    return formatter.string(from: date)
  }
}
