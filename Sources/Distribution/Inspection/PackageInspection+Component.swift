import InstallerPackage
import XarArchive

extension PackageInspection {
  /// A component package: its `PackageInfo` and every path of its bill of materials.
  public struct Component: Sendable, Codable, Equatable {
    /// Its folder in the archive, such as `Demo.pkg`, or `.` for a bare component package.
    public let name: String
    /// What its `PackageInfo` says, or `nil` when it has none.
    public let packageInfo: PackageInfo?
    /// Every path its `Bom` lists, the root (`.`) first, in the Bom's order.
    public let paths: [BomPath]

    /// The members a component package may hold that mark its folder as one.
    static let memberNames: Set<String> = ["Bom", "PackageInfo", "Payload"]

    /// The component in `folder` of the archive `reader` read.
    ///
    /// - Throws: ``PackageInspectionError`` when it has no `Bom`, or its `Bom` or
    ///   `PackageInfo` cannot be read.
    init(folder: String, in reader: XarReader) throws {
      let members = reader.entries.filter { $0.folder == folder && $0.kind == .file }
      func member(_ name: String) -> XarEntry? { members.first { $0.name == name } }
      guard let bom = member("Bom") else {
        throw PackageInspectionError.missingBom(
          in: folder, has: members.map { String($0.name) }.filter(Self.memberNames.contains))
      }
      name = folder
      paths = try PackageInspection.read(bom, in: reader, limit: Int64(BomReader.maximumSize)) {
        try BomReader.records(in: $0).map(BomPath.init)
      }
      packageInfo = try member("PackageInfo").map { entry in
        PackageInfo(
          try PackageInspection.read(entry, in: reader) {
            try InstallerPackage.PackageInfo(xml: $0)
          })
      }
    }
  }

  /// What a component's `PackageInfo` says.
  public struct PackageInfo: Sendable, Codable, Equatable {
    /// The package's identifier, such as `com.example.tools`.
    public let identifier: String
    /// Its version.
    public let version: String
    /// Where the payload's root goes, such as `/Applications` (`/` when it names none).
    public let installLocation: String
    /// The payload's entries, its root included (`numberOfFiles`; 0 without a payload).
    public let numberOfFiles: Int
    /// The space they take once installed, in KiB (`installKBytes`).
    public let installKBytes: Int64
    /// The bundles it lists for Installer's version checks.
    public let bundles: [Bundle]
    /// The scripts it names, such as `postinstall`.
    public let scripts: [String]

    /// The summary of `info`.
    init(_ info: InstallerPackage.PackageInfo) {
      identifier = info.identifier
      version = info.version
      installLocation = info.installLocation
      numberOfFiles = info.numberOfFiles
      installKBytes = info.installKilobytes
      bundles = info.bundles.map {
        Bundle(
          path: $0.path, identifier: $0.identifier, shortVersion: $0.shortVersion,
          version: $0.version)
      }
      scripts = info.scripts
    }
  }

  /// A bundle a `PackageInfo` lists.
  public struct Bundle: Sendable, Codable, Equatable {
    /// Its path in the payload, such as `./Demo.app`.
    public let path: String
    /// Its `CFBundleIdentifier`.
    public let identifier: String
    /// Its `CFBundleShortVersionString`, if given.
    public let shortVersion: String?
    /// Its `CFBundleVersion`, if given.
    public let version: String?
  }
}
