import InstallerPackage

extension PackageInspection {
  /// What a product archive's `Distribution` says: the title, the Macs it installs on, and its
  /// choices with the component packages each installs.
  public struct Product: Sendable, Codable, Equatable {
    /// The `<title>`'s text, if any (a localization key, in some packages).
    public let title: String?
    /// The architectures the Mac must run, such as `arm64` and `x86_64`; empty for any.
    public let hostArchitectures: [String]
    /// The oldest macOS it installs on, such as `12.0`, if it names one.
    public let minimumSystemVersion: String?
    /// The choices, in the script's order.
    public let choices: [Choice]

    /// The product `document` describes.
    init(_ document: DistributionDocument) {
      title = document.title
      hostArchitectures = document.hostArchitectures
      minimumSystemVersion = document.minimumSystemVersion
      choices = document.choices.map { choice in
        Choice(
          id: choice.id, title: choice.title,
          packageReferences: choice.packageReferences.map { id in
            PackageReference(document.packageReference(id) ?? .init(id: id))
          })
      }
    }
  }

  /// A `<choice>` of the Distribution: an item Installer may show, and what it installs.
  public struct Choice: Sendable, Codable, Equatable {
    /// Its `id`.
    public let id: String
    /// Its `title`, if any.
    public let title: String?
    /// The component packages it installs (its `pkg-ref`s), in its order.
    public let packageReferences: [PackageReference]
  }

  /// A component package a choice installs (a `<pkg-ref>`), with what the script says of it.
  public struct PackageReference: Sendable, Codable, Equatable {
    /// Its `id`: the component's identifier, as a rule.
    public let identifier: String
    /// Its `version`, if the script gives one.
    public let version: String?
    /// Its `installKBytes`, if the script gives them.
    public let installKBytes: Int64?
    /// The component's name in the archive (the `#Name.pkg` text, decoded), if the script
    /// gives it.
    public let component: String?

    /// The reference `reference` describes.
    init(_ reference: DistributionDocument.PackageReference) {
      identifier = reference.id
      version = reference.version
      installKBytes = reference.installKilobytes
      component = reference.componentName
    }
  }
}
