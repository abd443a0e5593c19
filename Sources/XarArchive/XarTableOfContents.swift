import Digests
import Foundation
import SystemSupport

/// A xar archive's table of contents: the XML that names each member, where its bytes lie in
/// the heap and their checksums, written the same way for the same members.
struct XarTableOfContents {
  /// Where a file's bytes lie and what they are.
  struct DataRecord {
    /// The bytes in the heap.
    var length: Int64
    /// Their offset from the heap's start.
    var offset: Int64
    /// The bytes once decoded.
    var size: Int64
    /// How they are kept.
    var encoding: XarMember.Encoding
    /// The checksum of the bytes in the heap.
    var archivedChecksum: [UInt8]
    /// The checksum of the decoded bytes.
    var extractedChecksum: [UInt8]
  }

  /// One file or folder, with what it holds.
  struct Entry {
    /// Its number, from 1 in the order of the table.
    var id: Int
    /// Its name in its folder.
    var name: String
    /// What it is (its permissions and time).
    var member: XarMember
    /// Where a file's bytes lie; `nil` for a folder.
    var data: DataRecord?
    /// A folder's entries.
    var children: [Entry]
  }

  /// The checksum of the table and of the members.
  var checksum: XarChecksum
  /// When the archive was made, in seconds since 1970.
  var creationTime: Int64
  /// The top-level entries.
  var entries: [Entry]

  /// The XML, as `pkgbuild` lays it out: the table's checksum (at the heap's start), the
  /// creation time, then each entry.
  var xml: String {
    var lines = [
      #"<?xml version="1.0" encoding="UTF-8"?>"#, "<xar>", " <toc>",
      #"  <checksum style="\#(checksum.style)">"#, "   <offset>0</offset>",
      "   <size>\(checksum.algorithm.length)</size>", "  </checksum>",
      "  <creation-time>\(Self.time(creationTime, zone: false))</creation-time>",
    ]
    for entry in entries { Self.append(entry, depth: 2, style: checksum.style, to: &lines) }
    lines += [" </toc>", "</xar>"]
    return lines.joined(separator: "\n") + "\n"
  }

  /// Adds `entry`'s element, indented `depth` spaces, its checksums of `style`, and those of
  /// what it holds.
  private static func append(
    _ entry: Entry, depth: Int, style: String, to lines: inout [String]
  ) {
    let pad = String(repeating: " ", count: depth)
    let inner = pad + " "
    lines.append(pad + #"<file id="\#(entry.id)">"#)
    if let data = entry.data {
      lines += [
        inner + "<data>", inner + " <length>\(data.length)</length>",
        inner + " <offset>\(data.offset)</offset>", inner + " <size>\(data.size)</size>",
        inner + #" <encoding style="\#(data.encoding.style)"/>"#,
        inner
          + #" <archived-checksum style="\#(style)">\#(data.archivedChecksum.hex)</archived-checksum>"#,
        inner
          + #" <extracted-checksum style="\#(style)">\#(data.extractedChecksum.hex)</extracted-checksum>"#,
        inner + "</data>",
      ]
    }
    let mode = String(entry.member.permissions, radix: 8)
    lines += [
      inner + "<name>\(XMLText.escaped(entry.name))</name>",
      inner + "<type>\(entry.data == nil ? "directory" : "file")</type>",
      inner + "<mode>0\(mode)</mode>", inner + "<uid>0</uid>", inner + "<user>root</user>",
      inner + "<gid>0</gid>", inner + "<group>wheel</group>",
      inner + "<mtime>\(time(entry.member.modificationTime, zone: true))</mtime>",
    ]
    for child in entry.children { append(child, depth: depth + 1, style: style, to: &lines) }
    lines.append(pad + "</file>")
  }

  /// `seconds` as `2023-11-14T22:13:20`, with a `Z` when `zone` (as xar writes member times).
  static func time(_ seconds: Int64, zone: Bool) -> String {
    var value = time_t(seconds)
    var parts = tm()
    gmtime_r(&value, &parts)
    let text = String(
      format: "%04d-%02d-%02dT%02d:%02d:%02d", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
      Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    return zone ? text + "Z" : text
  }
}

extension XarMember.Encoding {
  /// The MIME type the table of contents gives it.
  var style: String {
    switch self {
    case .stored: "application/octet-stream"
    case .zlib: "application/x-gzip"
    }
  }
}
