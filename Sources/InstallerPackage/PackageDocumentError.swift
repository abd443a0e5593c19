import XarArchive

/// A package's `PackageInfo` or `Distribution` that cannot be read: which document, and why.
///
/// ```
/// PackageInfo: its root element is <installer-gui-script>, not <pkg-info>
/// ```
package struct PackageDocumentError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The document: `PackageInfo` or `Distribution`.
  package let document: String
  /// What is wrong.
  package let problem: String

  /// The error of `problem` in `document`.
  package init(_ document: String, _ problem: String) {
    self.document = document
    self.problem = problem
  }

  /// `<document>: <problem>`.
  package var description: String { "\(document): \(problem)" }
}

extension PackageDocumentError {
  /// The root element of `xml`, which must be named one of `names`, or the error of
  /// `document` naming the first.
  static func root(of xml: [UInt8], named names: String..., in document: String)
    throws(PackageDocumentError) -> XarXMLElement
  {
    let root: XarXMLElement
    do {
      root = try XarXMLElement(parsing: xml)
    } catch {
      throw PackageDocumentError(document, "its XML does not parse (\(error.reason))")
    }
    guard names.contains(root.name) else {
      throw PackageDocumentError(
        document, "its root element is <\(root.name)>, not <\(names.first ?? "")>")
    }
    return root
  }
}
