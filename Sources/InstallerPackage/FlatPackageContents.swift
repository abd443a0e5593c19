package import StagedTree

/// What a flat installer package holds: the payload's tree, the scripts, the description
/// `PackageInfo` gives, and, for a product archive, the Distribution's words.
package struct FlatPackageContents: Sendable {
  /// What a product archive adds around its one component package.
  package struct Product: Sendable {
    /// The title Installer shows.
    package var title: String
    /// The component package's name in the archive, such as `Demo.pkg`.
    package var componentName: String
    /// The architectures the Macs it installs on must run; none for any.
    package var hostArchitectures: [String]
    /// The oldest macOS it installs on, if any.
    package var minimumSystemVersion: String?

    /// Makes a product's description.
    package init(
      title: String, componentName: String, hostArchitectures: [String],
      minimumSystemVersion: String?
    ) {
      self.title = title
      self.componentName = componentName
      self.hostArchitectures = hostArchitectures
      self.minimumSystemVersion = minimumSystemVersion
    }
  }

  /// The payload's root, the folder installed at ``installLocation`` (its name is not used).
  package var payload: SourceItem
  /// The folder of scripts (`preinstall`, `postinstall`…), if any.
  package var scripts: SourceItem?
  /// The package's identifier.
  package var identifier: String
  /// Its version.
  package var version: String
  /// Where the payload's root is installed.
  package var installLocation: String
  /// The bundles in the payload.
  package var bundles: [PackageInfo.Bundle]
  /// The product archive's words, or `nil` for a bare component package.
  package var product: Product?

  /// Makes the contents of a package.
  package init(
    payload: SourceItem, scripts: SourceItem?, identifier: String, version: String,
    installLocation: String, bundles: [PackageInfo.Bundle], product: Product?
  ) {
    self.payload = payload
    self.scripts = scripts
    self.identifier = identifier
    self.version = version
    self.installLocation = installLocation
    self.bundles = bundles
    self.product = product
  }
}
