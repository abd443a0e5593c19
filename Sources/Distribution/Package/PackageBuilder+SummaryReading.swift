import Foundation
import SystemSupport
import XarArchive

#if canImport(FoundationXML)
import FoundationXML
#endif

extension PackageBuilder.Summary {
  /// The summary of a package another tool built (`pkgbuild`, `productbuild`), read back from the
  /// package at `path`: the component's `PackageInfo` (identifier, version, install location,
  /// `numberOfFiles`, `installKBytes`) and, in a product archive, the `Distribution`'s
  /// `hostArchitectures`; `output` is the path reported.
  ///
  /// - Throws: An error naming the part when the file is not a xar archive, or holds no
  ///   `PackageInfo` that reads.
  package init(reading path: String, output: String) throws {
    let descriptor = try FileDescriptor.openForReading(path)
    defer { descriptor.close() }
    let size = try descriptor.status().size
    let reader = try XarReader(source: descriptor, size: size)
    func attributes(of member: XarEntry?, _ element: String) throws -> [String: String]? {
      guard let member else { return nil }
      return FirstElementAttributes.of(element, in: try reader.contents(of: member))
    }
    let component = reader.entries.first {
      $0.path == "PackageInfo" || $0.path.hasSuffix("/PackageInfo")
    }
    let distribution = reader.entries.first { $0.path == "Distribution" }
    guard let info = try attributes(of: component, "pkg-info"),
      let identifier = info["identifier"], let version = info["version"]
    else {
      throw PipelineError.unexpectedOutput("\(output) holds no PackageInfo naming its identifier")
    }
    let payload = try attributes(of: component, "payload") ?? [:]
    let options = try attributes(of: distribution, "options") ?? [:]
    self.init(
      output: output, identifier: identifier, version: version,
      installLocation: info["install-location"] ?? "/", product: distribution != nil,
      numberOfFiles: payload["numberOfFiles"].flatMap { Int($0) } ?? 0,
      installKilobytes: payload["installKBytes"].flatMap { Int64($0) } ?? 0,
      hostArchitectures: (options["hostArchitectures"] ?? "").split(separator: ",")
        .map { $0.trimmingCharacters(in: .whitespaces) }.sorted(),
      size: size)
  }
}

/// The attributes of the first element of a name in an XML document.
private final class FirstElementAttributes: NSObject, XMLParserDelegate {
  private let name: String
  private var found: [String: String]?

  private init(name: String) { self.name = name }

  /// The attributes of the first `name` element of `xml`.
  ///
  /// - Returns: `nil` when there is none, or the XML does not read up to it. External entities
  ///   are not resolved.
  static func of(_ name: String, in xml: [UInt8]) -> [String: String]? {
    let delegate = FirstElementAttributes(name: name)
    let parser = XMLParser(data: Data(xml))
    parser.shouldResolveExternalEntities = false
    parser.delegate = delegate
    _ = parser.parse()
    return delegate.found
  }

  func parser(
    _ parser: XMLParser, didStartElement element: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String]
  ) {
    guard element == name else { return }
    found = attributes
    parser.abortParsing()
  }
}
