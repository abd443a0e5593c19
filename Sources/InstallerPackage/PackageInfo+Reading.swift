import XarArchive

extension PackageInfo {
  /// Reads a component package's `PackageInfo`, as `pkgbuild` or ``xml`` writes it.
  ///
  /// The `<pkg-info>` element must name an `identifier` and a `version`; without an
  /// `install-location` the payload goes to `/`, and without a `<payload>` element (a package of
  /// scripts only) it has no files. Bundles are the `<bundle>` elements that give a `path`, those
  /// nested in another bundle (a bundle inside an app) included, in document order; scripts are
  /// the elements of `<scripts>`, by name.
  ///
  /// ```swift
  /// let info = try PackageInfo(xml: try archive.contents(of: entry))
  /// print(info.identifier, info.numberOfFiles)
  /// ```
  ///
  /// - Parameter xml: The document's bytes.
  /// - Throws: ``PackageDocumentError`` when the XML does not parse, its root is not
  ///   `<pkg-info>`, or it lacks an identifier or a version, or a count is not a number.
  package init(xml: [UInt8]) throws(PackageDocumentError) {
    let root = try PackageDocumentError.root(of: xml, named: "pkg-info", in: "PackageInfo")
    guard let identifier = root.attribute("identifier"), let version = root.attribute("version")
    else {
      throw PackageDocumentError("PackageInfo", "<pkg-info> names no identifier or no version")
    }
    let payload = root.child("payload")
    guard let files = Int(payload?.attribute("numberOfFiles") ?? "0"),
      let kilobytes = Int64(payload?.attribute("installKBytes") ?? "0")
    else {
      throw PackageDocumentError(
        "PackageInfo", "<payload>'s numberOfFiles or installKBytes is not a number")
    }
    self.init(
      identifier: identifier, version: version,
      installLocation: root.attribute("install-location") ?? "/", numberOfFiles: files,
      installKilobytes: kilobytes, bundles: Self.bundles(in: root),
      scripts: root.child("scripts")?.elements.map(\.name) ?? [])
  }

  /// The bundles `element` lists with a path, and those nested in them, in document order.
  private static func bundles(in element: XarXMLElement) -> [Bundle] {
    element.elements.filter { $0.name == "bundle" }.flatMap { bundle -> [Bundle] in
      let own = bundle.attribute("path").map { path in
        Bundle(
          path: path,
          identifier: bundle.attribute("id") ?? bundle.attribute("CFBundleIdentifier") ?? "",
          shortVersion: bundle.attribute("CFBundleShortVersionString"),
          version: bundle.attribute("CFBundleVersion"))
      }
      return (own.map { [$0] } ?? []) + bundles(in: bundle)
    }
  }
}
