import Foundation
import SystemSupport

/// An XML element held whole, with its attributes, text and child elements in their order:
/// what ``XarSigner`` reads a table of contents into, changes (signatures, offsets) and writes
/// back, keeping every element it does not know (`<ea>`, `FinderCreateTime`, …).
///
/// Written back, text and attribute values are escaped again and attributes come in the order
/// read (namespace declarations first); comments and processing instructions are dropped.
/// InstallerPackage reads a package's `PackageInfo` and `Distribution` through it too
/// (``init(parsing:)``).
package struct XarXMLElement: Sendable {
  /// A piece of an element's content.
  package enum Child: Sendable {
    /// A child element.
    case element(XarXMLElement)
    /// Text, unescaped.
    case text(String)
  }

  /// The element's name, with its prefix if it has one.
  package var name: String
  /// The attributes, `name="value"`, unescaped.
  package var attributes: [(name: String, value: String)] = []
  /// What it holds, in order.
  package var children: [Child] = []

  /// The root element of the XML document `xml`; external entities are not resolved and the
  /// nesting is bounded.
  ///
  /// - Throws: ``XarXMLElement/ParseError`` with the parser's reason.
  package init(parsing xml: [UInt8]) throws(ParseError) {
    self = try XarXMLTreeParser.root(of: xml).get()
  }

  /// An element named `name`.
  init(name: String, attributes: [(name: String, value: String)] = [], children: [Child] = []) {
    self.name = name
    self.attributes = attributes
    self.children = children
  }

  /// The first child element named `name`.
  package func child(_ name: String) -> XarXMLElement? {
    for case .element(let element) in children where element.name == name { return element }
    return nil
  }

  /// The child elements, in order.
  package var elements: [XarXMLElement] {
    children.compactMap { child -> XarXMLElement? in
      if case .element(let element) = child { return element }
      return nil
    }
  }

  /// The value of the attribute `name`, if the element has it.
  package func attribute(_ name: String) -> String? {
    attributes.first { $0.name == name }?.value
  }

  /// The element's text (its text children joined), without surrounding white space.
  package var text: String {
    children.compactMap { child -> String? in
      if case .text(let text) = child { return text }
      return nil
    }.joined().trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The first child element named `name` changed by `change`; `false` when there is none.
  @discardableResult
  mutating func update(_ name: String, _ change: (inout XarXMLElement) throws -> Void) rethrows
    -> Bool
  {
    for index in children.indices {
      guard case .element(var element) = children[index], element.name == name else { continue }
      try change(&element)
      children[index] = .element(element)
      return true
    }
    return false
  }

  /// Every element below this one, depth first, changed by `change`.
  mutating func updateDescendants(_ change: (inout XarXMLElement) throws -> Void) rethrows {
    for index in children.indices {
      guard case .element(var element) = children[index] else { continue }
      try change(&element)
      try element.updateDescendants(change)
      children[index] = .element(element)
    }
  }

  /// Removes the child elements named in `names`, each with the white space before it.
  mutating func removeChildren(named names: Set<String>) {
    var kept: [Child] = []
    for child in children {
      if case .element(let element) = child, names.contains(element.name) {
        if case .text(let text) = kept.last, text.allSatisfy(\.isWhitespace) { kept.removeLast() }
        continue
      }
      kept.append(child)
    }
    children = kept
  }

  /// An element of text only: `<name>text</name>`.
  static func leaf(_ name: String, _ text: String) -> XarXMLElement {
    XarXMLElement(name: name, children: [.text(text)])
  }

  /// An element holding `elements`, each on its own line indented one space deeper than
  /// `depth`, as xar lays its table out.
  static func block(
    _ name: String, attributes: [(name: String, value: String)] = [], depth: Int,
    _ elements: [XarXMLElement]
  ) -> XarXMLElement {
    let inner = "\n" + String(repeating: " ", count: depth + 1)
    var children: [Child] = []
    for element in elements { children += [.text(inner), .element(element)] }
    children.append(.text("\n" + String(repeating: " ", count: depth)))
    return XarXMLElement(name: name, attributes: attributes, children: children)
  }

  /// The element as XML text, appended to `output`.
  func write(to output: inout String) {
    output += "<" + name
    for attribute in attributes {
      output += " \(attribute.name)=\"\(XMLText.escaped(attribute.value))\""
    }
    guard !children.isEmpty else {
      output += "/>"
      return
    }
    output += ">"
    for child in children {
      switch child {
      case .element(let element): element.write(to: &output)
      case .text(let text): output += XMLText.escaped(text)
      }
    }
    output += "</\(name)>"
  }
}

extension XarXMLElement {
  /// XML that does not parse, with the parser's reason.
  package struct ParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Why, in the parser's words.
    package let reason: String

    /// The reason.
    package var description: String { reason }
  }
}
