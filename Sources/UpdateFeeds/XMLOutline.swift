/// The elements of an XML document with the byte ranges of their tags, so that a feed can be
/// edited by replacing or inserting text while every other byte stays as it was.
///
/// The scanner checks what an edit relies on and what makes the document well-formed: one root
/// element, tags that nest and match, quoted attributes, entity and character references
/// closed by `;`, comments, CDATA sections and processing instructions closed. A `DOCTYPE` is
/// refused: its entities could expand a feed out of all proportion.
struct XMLOutline {
  /// One element.
  struct Element {
    /// The qualified name, such as `sparkle:version`.
    let name: String
    /// The attributes, by qualified name, with references decoded.
    var attributes: [(name: String, value: String)]
    /// Where `<` of the start tag is.
    let start: Int
    /// Where the start tag ends: the offset after its `>`.
    var startTagEnd: Int
    /// The offset after the end tag's `>` (the start tag's, for an empty-element tag).
    var end: Int
    /// The enclosing element's index, `nil` for the root.
    let parent: Int?
    /// The child elements' indices, in order.
    var children: [Int] = []
    /// The text directly inside, with references decoded and CDATA sections included.
    var text = ""
  }

  /// The document's bytes.
  let bytes: [UInt8]
  /// Every element, in document order; the root is the first.
  private(set) var elements: [Element] = []

  /// Scans `bytes`; `path` names the document in errors.
  ///
  /// - Throws: ``UpdateFeedError/malformedFeed(path:line:column:reason:)`` at the first byte
  ///   that is not well-formed XML.
  init(_ bytes: [UInt8], path: String) throws(UpdateFeedError) {
    self.bytes = bytes
    var scanner = XMLScanner(bytes: bytes, path: path)
    elements = try scanner.scanDocument()
  }

  /// The children of `element` whose qualified name is `name`.
  func children(of element: Int, named name: String) -> [Int] {
    elements[element].children.filter { elements[$0].name == name }
  }

  /// The value of `element`'s attribute `name`.
  func attribute(_ name: String, of element: Int) -> String? {
    elements[element].attributes.first { $0.name == name }?.value
  }

  /// The white space before `element`'s start tag on its line, for indenting what goes beside
  /// it.
  func indentation(of element: Int) -> String {
    var position = elements[element].start
    while position > 0, bytes[position - 1] == 0x20 || bytes[position - 1] == 0x09 {
      position -= 1
    }
    return String(decoding: bytes[position..<elements[element].start], as: UTF8.self)
  }
}
