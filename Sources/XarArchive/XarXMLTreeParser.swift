import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads XML into a ``XarXMLElement`` tree.
///
/// What it reads is a table of contents the reader has accepted, which the signer rewrites;
/// it is bounded in depth, and external entities are not resolved.
final class XarXMLTreeParser: NSObject, XMLParserDelegate {
  /// The deepest nesting read: more than the reader's 256 nested files and their parts.
  static let maximumDepth = 600

  /// The elements open now, outermost first.
  private var open: [XarXMLElement] = []
  /// Namespace declarations seen before the element that makes them.
  private var declarations: [(name: String, value: String)] = []
  /// The document's element, once closed.
  private var root: XarXMLElement?
  /// Why the XML was refused, if it was.
  private var problem: String?

  /// Why Foundation's `XMLParser` must not be handed `xml`, or `nil` when it may be.
  ///
  /// It traps on a name that is not UTF-8 and reads a null pointer on a processing instruction
  /// without data (`<?name?>`), as swift-corelibs-foundation 6.3.1 does over libxml2. Every XML
  /// document of a xar archive or an installer package is UTF-8 and has no such instruction; one
  /// inside a comment or a CDATA section is refused too.
  static func hazard(in xml: some Collection<UInt8>) -> String? {
    let bytes = Array(xml)
    guard String(validating: bytes, as: UTF8.self) != nil else { return "the bytes are not UTF-8" }
    let question = UInt8(ascii: "?")
    var index = 0
    while index + 1 < bytes.count {
      defer { index += 1 }
      guard bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == question else { continue }
      var end = index + 2
      while end < bytes.count, bytes[end] != question, bytes[end] > 0x20 { end += 1 }
      if end + 1 < bytes.count, bytes[end] == question, bytes[end + 1] == UInt8(ascii: ">") {
        return "a processing instruction without data at byte \(index)"
      }
    }
    return nil
  }

  /// The root element of a table of contents' `xml`, which the signer rewrites.
  ///
  /// - Returns: The tree, or why it cannot be read.
  static func parse(_ xml: [UInt8]) -> Result<XarXMLElement, XarSignerError> {
    root(of: xml).mapError { .malformedTable("its XML cannot be read again: \($0.reason)") }
  }

  /// The root element of `xml`.
  ///
  /// - Returns: The tree, or the parser's reason it cannot be read.
  static func root(of xml: [UInt8]) -> Result<XarXMLElement, XarXMLElement.ParseError> {
    if let hazard = hazard(in: xml) { return .failure(XarXMLElement.ParseError(reason: hazard)) }
    let delegate = XarXMLTreeParser()
    let parser = XMLParser(data: Data(xml))
    parser.delegate = delegate
    parser.shouldResolveExternalEntities = false
    parser.shouldReportNamespacePrefixes = true
    let parsed = parser.parse()
    guard parsed, delegate.problem == nil, let root = delegate.root else {
      let reason =
        delegate.problem ?? parser.parserError.map { "\($0)" } ?? "it has no root element"
      return .failure(XarXMLElement.ParseError(reason: reason))
    }
    return .success(root)
  }

  func parser(
    _ parser: XMLParser, didStartMappingPrefix prefix: String, toURI namespaceURI: String
  ) {
    declarations.append((prefix.isEmpty ? "xmlns" : "xmlns:\(prefix)", namespaceURI))
  }

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String]
  ) {
    guard problem == nil else { return }
    guard open.count < Self.maximumDepth else {
      problem = "it nests deeper than \(Self.maximumDepth) elements"
      parser.abortParsing()
      return
    }
    // Declarations may come as attributes too (by platform); each is kept once.
    var all = declarations
    declarations = []
    for key in attributes.keys.sorted() where !all.contains(where: { $0.name == key }) {
      all.append((key, attributes[key] ?? ""))
    }
    open.append(XarXMLElement(name: qualifiedName ?? name, attributes: all))
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    guard problem == nil, !open.isEmpty else { return }
    open[open.count - 1].children.append(.text(string))
  }

  func parser(_ parser: XMLParser, foundCDATA block: Data) {
    self.parser(parser, foundCharacters: String(decoding: block, as: UTF8.self))
  }

  func parser(
    _ parser: XMLParser, didEndElement name: String, namespaceURI: String?,
    qualifiedName: String?
  ) {
    guard problem == nil, let element = open.popLast() else { return }
    if open.isEmpty {
      root = element
    } else {
      open[open.count - 1].children.append(.element(element))
    }
  }

  func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
    if problem == nil { problem = "\(parseError)" }
  }
}
