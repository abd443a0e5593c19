import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads a table of contents' XML into its checksum record and the entries it names, in the
/// table's order with their full paths; bounded in depth and count.
final class XarTableOfContentsParser: NSObject, XMLParserDelegate {
  /// The most entries read.
  static let maximumEntries = 2_000_000
  /// The deepest nesting of `<file>` elements read.
  static let maximumDepth = 256

  /// The table's own checksum: style, offset and size in the heap.
  private(set) var checksum: (style: String, offset: Int64, size: Int64)?
  /// The entries, parents before what they hold.
  private(set) var entries: [XarEntry] = []
  /// The table's `<creation-time>` as written, such as `2023-11-14T22:13:20`, if it names one.
  private(set) var creationTime: String?
  /// The signatures the table names (`<signature>` and `<x-signature>` in `<toc>`), in its
  /// order; their bytes are the reader's to fetch.
  private(set) var signatures: [XarSignature] = []
  /// Why the XML was refused, if it was.
  private(set) var problem: String?

  /// The element names open now, innermost last.
  private var elements: [String] = []
  /// The attributes of the open elements, innermost last.
  private var attributes: [[String: String]] = []
  /// The entries being read, outermost first, with their names so far and the places kept for
  /// them in ``entries`` (an entry comes before what it holds).
  private var open: [(entry: XarEntry, name: String, type: String, link: String?, index: Int)] =
    []
  private var text = ""
  private var record = XarEntry.DataRecord(
    length: 0, offset: 0, size: 0, encoding: "", archivedChecksum: ("", ""),
    extractedChecksum: ("", ""))
  private var checksumRecord: (style: String, offset: Int64, size: Int64) = ("", -1, -1)
  /// The signature element open now, if any.
  private var signature: XarSignature?
  /// Where the files' extended attributes (`<ea>`, which `pkgbuild` may write) lie in the heap:
  /// the archive ends after the last of them too.
  private(set) var attributeRanges: [(offset: Int64, length: Int64)] = []
  private var attributeRange: (offset: Int64, length: Int64) = (-1, -1)

  /// Parses `xml`; returns `false` with ``problem`` set when it is not a table of contents.
  func parse(_ xml: Data) -> Bool {
    if let hazard = XarXMLTreeParser.hazard(in: xml) {
      problem = "its XML is refused: \(hazard)"
      return false
    }
    let parser = XMLParser(data: xml)
    parser.delegate = self
    parser.shouldResolveExternalEntities = false
    let parsed = parser.parse()
    if problem == nil, !parsed {
      problem = "its XML does not parse (\(parser.parserError.map { "\($0)" } ?? "unknown error"))"
    }
    if problem == nil, checksum == nil { problem = "it names no checksum of itself" }
    return problem == nil
  }

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String]
  ) {
    guard problem == nil else { return }
    elements.append(name)
    self.attributes.append(attributes)
    text = ""
    if name == "file" {
      guard open.count < Self.maximumDepth, entries.count < Self.maximumEntries else {
        refuse(parser, "it nests or names too many files")
        return
      }
      open.append((XarEntry(path: "", kind: .file), "", "file", nil, entries.count))
      entries.append(XarEntry(path: "", kind: .file))
    } else if name == "data", elements.dropLast().last == "file" {
      record = XarEntry.DataRecord(
        length: -1, offset: -1, size: -1, encoding: "application/octet-stream",
        archivedChecksum: ("", ""), extractedChecksum: ("", ""))
    } else if name == "encoding", inData {
      record.encoding = attributes["style"] ?? ""
    } else if elements.count == 3, elements[1] == "toc",
      let style = XarSignature.Style(element: name, style: attributes["style"] ?? "")
    {
      guard signatures.count < XarSignature.maximumCount else {
        refuse(parser, "it names more than \(XarSignature.maximumCount) signatures")
        return
      }
      signature = XarSignature(style: style, offset: -1, size: -1, certificates: [], bytes: [])
    }
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

  func parser(
    _ parser: XMLParser, didEndElement name: String, namespaceURI: String?,
    qualifiedName: String?
  ) {
    guard problem == nil, !elements.isEmpty else { return }
    let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
    let style = attributes.last?["style"] ?? ""
    elements.removeLast()
    attributes.removeLast()
    text = ""
    let parent = elements.last
    // A file element's parts and end need the file opened at its start.
    guard parent != "file" || !open.isEmpty, name != "file" || !open.isEmpty else { return }
    switch (parent, name) {
    case ("toc", "checksum"):
      checksum = (style, checksumRecord.offset, checksumRecord.size)
    case ("toc", "creation-time"): creationTime = value
    case ("checksum", "offset") where elements.dropLast().last == "toc":
      checksumRecord.offset = Int64(value) ?? -1
    case ("checksum", "size") where elements.dropLast().last == "toc":
      checksumRecord.size = Int64(value) ?? -1
    case ("file", "name"): open[open.count - 1].name = value
    case ("file", "type"): open[open.count - 1].type = value
    case ("file", "link"): open[open.count - 1].link = value
    case ("file", "mode"): open[open.count - 1].entry.mode = UInt32(value, radix: 8)
    case ("file", "data"): open[open.count - 1].entry.data = record
    case ("data", "length"): record.length = Int64(value) ?? -1
    case ("data", "offset"): record.offset = Int64(value) ?? -1
    case ("data", "size"): record.size = Int64(value) ?? -1
    case ("data", "archived-checksum"): record.archivedChecksum = (style, value.lowercased())
    case ("data", "extracted-checksum"): record.extractedChecksum = (style, value.lowercased())
    case ("signature", "offset"), ("x-signature", "offset"): signature?.offset = Int64(value) ?? -1
    case ("signature", "size"), ("x-signature", "size"): signature?.size = Int64(value) ?? -1
    case ("X509Data", "X509Certificate") where signature != nil: addCertificate(value, parser)
    case ("toc", "signature"), ("toc", "x-signature"): closeSignature(parser)
    case ("ea", "offset"): attributeRange.offset = Int64(value) ?? -1
    case ("ea", "length"): attributeRange.length = Int64(value) ?? -1
    case ("file", "ea"):
      if attributeRanges.count < Self.maximumEntries { attributeRanges.append(attributeRange) }
      attributeRange = (-1, -1)
    case (_, "file"): close(parser)
    default: break
    }
  }

  func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
    if problem == nil { problem = "its XML does not parse (\(parseError))" }
  }

  /// Whether a `<data>` element of a file is open.
  private var inData: Bool { elements.dropLast().last == "data" }

  /// Ends the innermost open entry: its path from its folders' names, its kind from its type.
  private func close(_ parser: XMLParser) {
    var (entry, name, type, link, index) = open.removeLast()
    guard !name.isEmpty, name != ".", name != "..", !name.contains("/") else {
      refuse(parser, "a file is named \"\(name)\", which no path may hold")
      return
    }
    entry.path = (open.map(\.name) + [name]).joined(separator: "/")
    switch type {
    case "file": entry.kind = .file
    case "directory": entry.kind = .directory
    case "symlink": entry.kind = .symbolicLink(target: link ?? "")
    default: entry.kind = .other(type)
    }
    if let data = entry.data, data.length < 0 || data.offset < 0 || data.size < 0 {
      refuse(parser, "\(entry.path)'s data has no length, offset or size")
      return
    }
    entries[index] = entry
  }

  /// Adds the certificate of base64 `text` to the open signature.
  private func addCertificate(_ text: String, _ parser: XMLParser) {
    guard let der = Data(base64Encoded: text, options: .ignoreUnknownCharacters), !der.isEmpty,
      (signature?.certificates.count ?? 0) < XarSignature.maximumCertificates
    else {
      refuse(parser, "a signature's certificate is not base64, or it has too many")
      return
    }
    signature?.certificates.append(Array(der))
  }

  /// Ends the open signature element: it needs an offset and a size.
  private func closeSignature(_ parser: XMLParser) {
    guard let signature else { return }
    self.signature = nil
    guard signature.offset >= 0, signature.size > 0 else {
      refuse(parser, "its \(signature.style) signature has no offset or size")
      return
    }
    signatures.append(signature)
  }

  /// Stops the parse with `problem`.
  private func refuse(_ parser: XMLParser, _ problem: String) {
    if self.problem == nil { self.problem = problem }
    parser.abortParsing()
  }
}
