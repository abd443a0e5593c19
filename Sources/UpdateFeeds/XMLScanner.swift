/// The scanner behind ``XMLOutline``: tags, attributes, text and references, one pass.
struct XMLScanner {
  let bytes: [UInt8]
  let path: String
  private var position = 0
  private var elements: [XMLOutline.Element] = []
  private var open: [Int] = []

  init(bytes: [UInt8], path: String) {
    self.bytes = bytes
    self.path = path
  }

  /// Every element of the document, the root first.
  mutating func scanDocument() throws(UpdateFeedError) -> [XMLOutline.Element] {
    // A byte order mark may open the document.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    while position < bytes.count {
      if bytes[position] == UInt8(ascii: "<") {
        try scanMarkup()
      } else {
        try scanText()
      }
    }
    guard open.isEmpty else {
      throw failure(at: bytes.count, "<\(elements[open.last ?? 0].name)> is never closed")
    }
    guard !elements.isEmpty else { throw failure(at: 0, "the document has no root element") }
    return elements
  }

  private mutating func scanMarkup() throws(UpdateFeedError) {
    let start = position
    if matches("<?") {
      try skip(past: "?>", what: "processing instruction", from: start)
    } else if matches("<!--") {
      try skip(past: "-->", what: "comment", from: start)
    } else if matches("<![CDATA[") {
      guard let parent = open.last else { throw failure(at: start, "CDATA outside the root") }
      let contentStart = position + 9
      try skip(past: "]]>", what: "CDATA section", from: start)
      elements[parent].text += String(
        decoding: bytes[contentStart..<(position - 3)], as: UTF8.self)
    } else if matches("<!") {
      throw failure(at: start, "a DOCTYPE or other declaration is not read (its entities)")
    } else if matches("</") {
      position += 2
      let name = try scanName()
      skipSpace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: ">") else {
        throw failure(at: position, "the end tag </\(name)> is not closed by >")
      }
      position += 1
      guard let top = open.popLast(), elements[top].name == name else {
        throw failure(at: start, "</\(name)> does not close the element open here")
      }
      elements[top].end = position
    } else {
      try scanStartTag()
    }
  }

  private mutating func scanStartTag() throws(UpdateFeedError) {
    let start = position
    position += 1
    let name = try scanName()
    guard !open.isEmpty || elements.isEmpty else {
      throw failure(at: start, "a second root element <\(name)>")
    }
    var attributes: [(name: String, value: String)] = []
    while true {
      let hadSpace = skipSpace()
      guard position < bytes.count else { throw failure(at: start, "<\(name) is never closed") }
      if matches("/>") || bytes[position] == UInt8(ascii: ">") { break }
      guard hadSpace else { throw failure(at: position, "attributes must be separated by space") }
      let attribute = try scanName()
      skipSpace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else {
        throw failure(at: position, "attribute \(attribute) has no =")
      }
      position += 1
      skipSpace()
      guard position < bytes.count, bytes[position] == 0x22 || bytes[position] == 0x27 else {
        throw failure(at: position, "the value of \(attribute) is not quoted")
      }
      let quote = bytes[position]
      position += 1
      let valueStart = position
      while position < bytes.count, bytes[position] != quote {
        guard bytes[position] != UInt8(ascii: "<") else {
          throw failure(at: position, "< inside the value of \(attribute)")
        }
        position += 1
      }
      guard position < bytes.count else {
        throw failure(at: valueStart, "the value of \(attribute) is never closed")
      }
      let value = try decode(valueStart..<position)
      position += 1
      guard !attributes.contains(where: { $0.name == attribute }) else {
        throw failure(at: valueStart, "attribute \(attribute) appears twice")
      }
      attributes.append((attribute, value))
    }
    let empty = matches("/>")
    position += empty ? 2 : 1
    let index = elements.count
    elements.append(
      XMLOutline.Element(
        name: name, attributes: attributes, start: start, startTagEnd: position, end: position,
        parent: open.last))
    if let parent = open.last { elements[parent].children.append(index) }
    if !empty { open.append(index) }
  }

  private mutating func scanText() throws(UpdateFeedError) {
    let start = position
    while position < bytes.count, bytes[position] != UInt8(ascii: "<") { position += 1 }
    let text = try decode(start..<position)
    if let parent = open.last {
      elements[parent].text += text
    } else if !text.allSatisfy(\.isWhitespace) {
      throw failure(at: start, "text outside the root element")
    }
  }

  /// The text of `range` with `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;` and character
  /// references decoded.
  private func decode(_ range: Range<Int>) throws(UpdateFeedError) -> String {
    var result = ""
    var index = range.lowerBound
    var runStart = index
    while index < range.upperBound {
      guard bytes[index] == UInt8(ascii: "&") else {
        index += 1
        continue
      }
      result += String(decoding: bytes[runStart..<index], as: UTF8.self)
      guard
        let semicolon = bytes[index..<range.upperBound].firstIndex(of: UInt8(ascii: ";")),
        semicolon - index <= 12
      else { throw failure(at: index, "& starts no reference closed by ;") }
      let name = String(decoding: bytes[(index + 1)..<semicolon], as: UTF8.self)
      let predefined = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
      if let character = predefined[name] {
        result += character
      } else if name.hasPrefix("#x"), let code = UInt32(name.dropFirst(2), radix: 16),
        let scalar = Unicode.Scalar(code)
      {
        result.unicodeScalars.append(scalar)
      } else if name.hasPrefix("#"), let code = UInt32(name.dropFirst()),
        let scalar = Unicode.Scalar(code)
      {
        result.unicodeScalars.append(scalar)
      } else {
        throw failure(at: index, "&\(name); is not a reference XML defines")
      }
      index = semicolon + 1
      runStart = index
    }
    return result + String(decoding: bytes[runStart..<range.upperBound], as: UTF8.self)
  }

  private mutating func scanName() throws(UpdateFeedError) -> String {
    let start = position
    while position < bytes.count {
      let byte = bytes[position]
      let isNameByte =
        byte >= 0x80 || (byte >= 0x30 && byte <= 0x39)
        || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
        || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        || byte == UInt8(ascii: ".")
      guard isNameByte else { break }
      position += 1
    }
    guard position > start else { throw failure(at: start, "a name is expected here") }
    return String(decoding: bytes[start..<position], as: UTF8.self)
  }

  @discardableResult
  private mutating func skipSpace() -> Bool {
    let start = position
    while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) {
      position += 1
    }
    return position > start
  }

  private func matches(_ text: String) -> Bool {
    bytes[position...].starts(with: text.utf8)
  }

  private mutating func skip(past terminator: String, what: String, from start: Int)
    throws(UpdateFeedError)
  {
    let needle = Array(terminator.utf8)
    var index = position + 2
    while index + needle.count <= bytes.count {
      if bytes[index..<(index + needle.count)].elementsEqual(needle) {
        position = index + needle.count
        return
      }
      index += 1
    }
    throw failure(at: start, "the \(what) is never closed")
  }

  private func failure(at offset: Int, _ reason: String) -> UpdateFeedError {
    let before = bytes[..<min(offset, bytes.count)]
    let line = before.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
    return .malformedFeed(path: path, line: line, column: offset - lineStart + 1, reason: reason)
  }
}
