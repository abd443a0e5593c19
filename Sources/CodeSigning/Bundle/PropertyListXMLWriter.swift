import Foundation

/// Writes an XML property list the way Core Foundation does: the standard header, one element a
/// line, tabs for indentation, `<dict/>` when empty, `&`, `<` and `>` escaped (`"` is not), and
/// base64 data on lines of its own at the element's indentation.
struct PropertyListXMLWriter {
  /// A dictionary entry: its key, and how to write its value at a depth.
  typealias Field = (key: String, write: (inout PropertyListXMLWriter, Int) -> Void)

  private var text = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">

    """

  /// The document's bytes, closed with `</plist>` and a newline.
  mutating func finish() -> [UInt8] {
    text += "</plist>\n"
    return Array(text.utf8)
  }

  /// `<tag>` on its own line.
  mutating func open(_ tag: String, depth: Int) { line("<\(tag)>", depth) }

  /// `</tag>` on its own line.
  mutating func close(_ tag: String, depth: Int) { line("</\(tag)>", depth) }

  /// `<key>…</key>`.
  mutating func key(_ key: String, depth: Int) { line("<key>\(Self.escaped(key))</key>", depth) }

  /// `<string>…</string>`.
  mutating func string(_ value: String, depth: Int) {
    line("<string>\(Self.escaped(value))</string>", depth)
  }

  /// `<true/>`.
  mutating func `true`(depth: Int) { line("<true/>", depth) }

  /// `<real>…</real>`: whole numbers without a fraction, as Core Foundation prints them.
  mutating func real(_ value: Double, depth: Int) {
    let digits = value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    line("<real>\(digits)</real>", depth)
  }

  /// `<data>`, the base64 text on lines of its own, `</data>`.
  ///
  /// Core Foundation counts a tab as 8 columns against a 76-column line (at most 8 tabs); the
  /// seals' data (hashes of 20 and 32 bytes) always fits one line.
  mutating func data(_ bytes: [UInt8], depth: Int) {
    line("<data>", depth)
    let encoded = Array(Data(bytes).base64EncodedString().utf8)
    let width = 76 - 8 * min(depth, 8)
    for start in stride(from: 0, to: encoded.count, by: width) {
      line(
        String(decoding: encoded[start..<min(start + width, encoded.count)], as: UTF8.self), depth)
    }
    line("</data>", depth)
  }

  /// A dictionary of `fields`, already in key order.
  mutating func dictionary(_ fields: [Field], depth: Int) {
    guard !fields.isEmpty else { return line("<dict/>", depth) }
    open("dict", depth: depth)
    for field in fields {
      key(field.key, depth: depth + 1)
      field.write(&self, depth + 1)
    }
    close("dict", depth: depth)
  }

  /// A dictionary whose keys are sorted in byte order, each value written by `value`.
  mutating func dictionary<Value>(
    _ entries: [String: Value], depth: Int,
    value: @escaping (inout PropertyListXMLWriter, Value, Int) -> Void
  ) {
    let sorted = entries.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    dictionary(sorted.map { entry in (entry.key, { value(&$0, entry.value, $1) }) }, depth: depth)
  }

  private mutating func line(_ element: String, _ depth: Int) {
    text += String(repeating: "\t", count: depth) + element + "\n"
  }

  private static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
  }
}
