import Foundation
import XarArchive

/// A product archive's `Distribution` as read back: the title, the Macs it installs on, its
/// choices and the component packages (`pkg-ref`) each installs, for any number of components.
///
/// ``DistributionScript`` writes the one-component script `productbuild --synthesize` writes;
/// this reads what `productbuild` and hand-written scripts hold: a `pkg-ref` named by a choice
/// takes its version, size and place in the archive from every `pkg-ref` of the same `id` (the
/// top-level ones carry them), and its place, `#Name.pkg`, is decoded to the component's name.
///
/// ```swift
/// let distribution = try DistributionDocument(xml: try archive.contents(of: entry))
/// for choice in distribution.choices { print(choice.id, choice.packageReferences) }
/// ```
package struct DistributionDocument: Sendable, Equatable {
  /// A `<choice>`: what Installer may show as one item to install.
  package struct Choice: Sendable, Equatable {
    /// Its `id`.
    package var id: String
    /// Its `title`, if any.
    package var title: String?
    /// The `id`s of the `pkg-ref`s it installs, in its order.
    package var packageReferences: [String]
  }

  /// A component package the script names (`<pkg-ref>`), its attributes gathered by `id`.
  package struct PackageReference: Sendable, Equatable {
    /// Its `id`, the component's identifier as a rule.
    package var id: String
    /// Its `version`, if any.
    package var version: String?
    /// Its `installKBytes`, if any.
    package var installKilobytes: Int64?
    /// Its text: the component's place, such as `#Demo.pkg`, if any.
    package var location: String?

    /// The component's name in the archive: the place without `#`, percent-decoded.
    package var componentName: String? {
      guard let location, location.hasPrefix("#") else { return location }
      let name = location.dropFirst()
      return name.removingPercentEncoding ?? String(name)
    }
  }

  /// The `<title>`'s text, if any (a localization key, in some scripts).
  package var title: String?
  /// The `hostArchitectures` of `<options>`, such as `arm64` and `x86_64`; none for any.
  package var hostArchitectures: [String]
  /// The `min` of the first `<os-version>` in `<allowed-os-versions>`, if any.
  package var minimumSystemVersion: String?
  /// The `<choice>` elements, in document order.
  package var choices: [Choice]
  /// Every `pkg-ref` `id`, in the order first named, with its attributes.
  package var packageReferences: [PackageReference]

  /// Reads the `Distribution` `xml`.
  ///
  /// - Throws: ``PackageDocumentError`` when the XML does not parse or its root is not
  ///   `<installer-gui-script>` (nor `<installer-script>`, the older name).
  package init(xml: [UInt8]) throws(PackageDocumentError) {
    let root = try PackageDocumentError.root(
      of: xml, named: "installer-gui-script", "installer-script", in: "Distribution")
    title = root.child("title").map(\.text)
    hostArchitectures =
      root.child("options")?.attribute("hostArchitectures").map { list in
        list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      } ?? []
    minimumSystemVersion =
      Self.descendants(of: root, named: "allowed-os-versions").lazy
      .compactMap { $0.child("os-version")?.attribute("min") }.first
    choices = root.elements.filter { $0.name == "choice" }.compactMap { choice in
      choice.attribute("id").map { id in
        Choice(
          id: id, title: choice.attribute("title"),
          packageReferences: choice.elements.filter { $0.name == "pkg-ref" }.compactMap {
            $0.attribute("id")
          })
      }
    }
    var references: [PackageReference] = []
    var indices: [String: Int] = [:]
    for element in Self.descendants(of: root, named: "pkg-ref") {
      guard let id = element.attribute("id") else { continue }
      let index = indices[id] ?? references.endIndex
      if index == references.endIndex {
        indices[id] = index
        references.append(PackageReference(id: id))
      }
      references[index].version = references[index].version ?? element.attribute("version")
      references[index].installKilobytes =
        references[index].installKilobytes
        ?? element.attribute("installKBytes").flatMap {
          Int64($0)
        }
      let text = element.text
      if references[index].location == nil, !text.isEmpty { references[index].location = text }
    }
    packageReferences = references
  }

  /// The reference `id` names, if the script has one.
  package func packageReference(_ id: String) -> PackageReference? {
    packageReferences.first { $0.id == id }
  }

  /// Every element below `element` named `name`, depth first, in document order.
  private static func descendants(of element: XarXMLElement, named name: String)
    -> [XarXMLElement]
  {
    element.elements.flatMap { child in
      (child.name == name ? [child] : []) + descendants(of: child, named: name)
    }
  }
}

extension DistributionDocument.PackageReference {
  /// A reference named `id`, with nothing else known yet.
  package init(id: String) {
    self.init(id: id, version: nil, installKilobytes: nil, location: nil)
  }
}
