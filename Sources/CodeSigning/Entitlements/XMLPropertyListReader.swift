/// Reads the XML property lists entitlements are written in, keeping booleans, integers and
/// strings apart (as the DER blob must) and naming the line of any problem.
///
/// It reads what Xcode and `plutil` write: an optional XML declaration, DOCTYPE and comments,
/// a `<plist>` element holding one value, entities (`&amp;`, `&#x41;`…) and CDATA in text.
/// `<real>`, `<date>` and `<data>` are refused with the key path they sit at, since the DER
/// entitlements blob cannot hold them.
struct XMLPropertyListReader {
  // MARK: - Properties

  private let bytes: [UInt8]
  private var position = 0

  private enum Tag: Equatable {
    case open(name: String, isEmpty: Bool)
    case close(name: String)
  }

  // MARK: - API

  /// The property list's top-level value.
  static func read(_ bytes: [UInt8]) throws(EntitlementsError) -> PropertyListValue {
    var reader = XMLPropertyListReader(bytes: bytes)
    reader.skipMarkup()
    var tag = try reader.readTag()
    let wrapped = tag == .open(name: "plist", isEmpty: false)
    if wrapped {
      reader.skipMarkup()
      tag = try reader.readTag()
    }
    let value = try reader.readValue(opening: tag, path: "")
    reader.skipMarkup()
    if wrapped {
      guard try reader.readTag() == .close(name: "plist") else {
        throw reader.malformed("expected </plist> after the top-level value")
      }
      reader.skipMarkup()
    }
    guard reader.position == bytes.count else {
      throw reader.malformed("text follows the property list")
    }
    return value
  }

  // MARK: - Values

  private mutating func readValue(opening tag: Tag, path: String) throws(EntitlementsError)
    -> PropertyListValue
  {
    guard case .open(let name, let isEmpty) = tag else {
      throw malformed("expected a value, found \(describe(tag))")
    }
    switch name {
    case "true", "false":
      if !isEmpty { try expectClose(name) }
      return .boolean(name == "true")
    case "string":
      return .string(isEmpty ? "" : try readText(closing: name))
    case "integer":
      let text = isEmpty ? "" : try readText(closing: name)
      guard let number = Self.integer(text) else {
        throw malformed("<integer> holds \"\(text)\", not a 64-bit integer")
      }
      return .integer(number)
    case "array":
      var elements: [PropertyListValue] = []
      while !isEmpty, case let next = try nextTag(), next != .close(name: "array") {
        elements.append(try readValue(opening: next, path: path + "[\(elements.count)]"))
      }
      return .array(elements)
    case "dict":
      return .dictionary(isEmpty ? [:] : try readDictionary(path: path))
    case "real", "date", "data":
      throw .unencodableValue(type: name, keyPath: path.isEmpty ? "(top level)" : path)
    default:
      throw malformed("<\(name)> is not a property list element")
    }
  }

  private mutating func readDictionary(path: String) throws(EntitlementsError)
    -> [String: PropertyListValue]
  {
    var entries: [String: PropertyListValue] = [:]
    while case let next = try nextTag(), next != .close(name: "dict") {
      guard case .open("key", let isEmpty) = next else {
        throw malformed("expected <key> in <dict>, found \(describe(next))")
      }
      let key = isEmpty ? "" : try readText(closing: "key")
      let keyPath = path.isEmpty ? key : path + "/" + key
      guard entries[key] == nil else { throw malformed("the key \(keyPath) appears twice") }
      entries[key] = try readValue(opening: try nextTag(), path: keyPath)
    }
    return entries
  }

  private static func integer(_ text: String) -> Int64? {
    let trimmed = text.trimmingWhitespace()
    let negative = trimmed.hasPrefix("-")
    let unsigned = negative || trimmed.hasPrefix("+") ? String(trimmed.dropFirst()) : trimmed
    let magnitude =
      unsigned.lowercased().hasPrefix("0x")
      ? UInt64(unsigned.dropFirst(2), radix: 16) : UInt64(unsigned, radix: 10)
    guard let magnitude else { return nil }
    if negative {
      return magnitude <= UInt64(Int64.max) + 1 ? Int64(truncatingIfNeeded: 0 &- magnitude) : nil
    }
    return Int64(exactly: magnitude)
  }

  // MARK: - Markup

  private mutating func nextTag() throws(EntitlementsError) -> Tag {
    skipMarkup()
    return try readTag()
  }

  private mutating func expectClose(_ name: String) throws(EntitlementsError) {
    let tag = try nextTag()
    guard tag == .close(name: name) else {
      throw malformed("expected </\(name)>, found \(describe(tag))")
    }
  }

  /// Skips white space, comments, processing instructions and the DOCTYPE.
  private mutating func skipMarkup() {
    while position < bytes.count {
      if Self.isSpace(bytes[position]) {
        position += 1
      } else if starts(with: "<!--") {
        skip(past: "-->")
      } else if starts(with: "<?") {
        skip(past: "?>")
      } else if starts(with: "<!DOCTYPE") {
        skip(past: ">")
      } else {
        return
      }
    }
  }

  private mutating func readTag() throws(EntitlementsError) -> Tag {
    guard position < bytes.count, bytes[position] == UInt8(ascii: "<") else {
      throw malformed(position < bytes.count ? "expected an element" : "the text ends early")
    }
    position += 1
    let closing = position < bytes.count && bytes[position] == UInt8(ascii: "/")
    if closing { position += 1 }
    let nameStart = position
    while position < bytes.count, Self.isNameByte(bytes[position]) { position += 1 }
    let name = String(decoding: bytes[nameStart..<position], as: UTF8.self)
    guard !name.isEmpty else { throw malformed("an element has no name") }
    // Attributes (such as plist's version) are skipped.
    while position < bytes.count, bytes[position] != UInt8(ascii: ">") { position += 1 }
    guard position < bytes.count else { throw malformed("<\(name) is not closed with >") }
    let isEmpty = bytes[position - 1] == UInt8(ascii: "/")
    position += 1
    return closing ? .close(name: name) : .open(name: name, isEmpty: isEmpty)
  }

  /// The text up to `</name>`, entities and CDATA sections decoded.
  private mutating func readText(closing name: String) throws(EntitlementsError) -> String {
    var text: [UInt8] = []
    while position < bytes.count {
      if starts(with: "<![CDATA[") {
        let start = position + 9
        skip(past: "]]>")
        text += bytes[start..<max(start, position - 3)]
      } else if bytes[position] == UInt8(ascii: "<") {
        break
      } else if bytes[position] == UInt8(ascii: "&") {
        text += try readEntity()
      } else {
        text.append(bytes[position])
        position += 1
      }
    }
    try expectClose(name)
    return String(decoding: text, as: UTF8.self)
  }

  private mutating func readEntity() throws(EntitlementsError) -> [UInt8] {
    guard let end = bytes[position...].firstIndex(of: UInt8(ascii: ";")), end - position < 12
    else { throw malformed("an & starts no entity (write &amp;)") }
    let name = String(decoding: bytes[(position + 1)..<end], as: UTF8.self)
    position = end + 1
    let named = ["lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'"]
    if let text = named[name] { return Array(text.utf8) }
    let code =
      name.hasPrefix("#x")
      ? UInt32(name.dropFirst(2), radix: 16)
      : name.hasPrefix("#") ? UInt32(name.dropFirst(), radix: 10) : nil
    guard let code, let scalar = Unicode.Scalar(code) else {
      throw malformed("&\(name); is not an XML entity")
    }
    return Array(String(Character(scalar)).utf8)
  }

  // MARK: - Helpers

  private func starts(with prefix: String) -> Bool {
    bytes[position...].starts(with: prefix.utf8)
  }

  private mutating func skip(past terminator: String) {
    let marker = Array(terminator.utf8)
    while position < bytes.count, !bytes[position...].starts(with: marker) { position += 1 }
    position = min(bytes.count, position + marker.count)
  }

  private func describe(_ tag: Tag) -> String {
    switch tag {
    case .open(let name, _): "<\(name)>"
    case .close(let name): "</\(name)>"
    }
  }

  private func malformed(_ reason: String) -> EntitlementsError {
    let line = 1 + bytes[..<min(position, bytes.count)].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    return .malformed(line: line, reason: reason)
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
      || (byte >= 0x30 && byte <= 0x39)
      || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
  }
}

extension String {
  fileprivate func trimmingWhitespace() -> String {
    String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
  }
}
