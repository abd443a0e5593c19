/// How `pkg build` makes an installer package of an app or a folder.
public struct PackageBuildOptions: Sendable, Equatable {
  /// The package's identifier; `nil` takes the app's `CFBundleIdentifier`.
  public var identifier: String?
  /// Its version; `nil` takes the app's `CFBundleShortVersionString`.
  public var version: String?
  /// Where the payload goes; `nil` is `/Applications` for an app and `/` for a folder.
  public var installLocation: String?
  /// A folder holding `preinstall`, `postinstall` and what they use, if any.
  public var scripts: String?
  /// A bare component package rather than a product archive.
  public var component: Bool
  /// The title Installer shows; `nil` takes the app's name or the package's identifier.
  public var title: String?
  /// The creation time and latest date written (`SOURCE_DATE_EPOCH`); `nil` for now.
  public var dateLimit: Int64?
  /// SHA-256 rather than SHA-1 for the table of contents and the members.
  public var sha256: Bool

  /// Makes options.
  public init(
    identifier: String? = nil, version: String? = nil, installLocation: String? = nil,
    scripts: String? = nil, component: Bool = false, title: String? = nil,
    dateLimit: Int64? = nil, sha256: Bool = false
  ) {
    self.identifier = identifier
    self.version = version
    self.installLocation = installLocation
    self.scripts = scripts
    self.component = component
    self.title = title
    self.dateLimit = dateLimit
    self.sha256 = sha256
  }
}
