import SystemSupport

/// A component package's `PackageInfo`: its identifier, version, where it installs, what its
/// payload holds, the bundles in it and its scripts, laid out as `pkgbuild` writes it.
///
/// Bundles are listed for Installer's version checks but not for relocation: Installer then
/// installs an app where the package says, not over a copy the user moved elsewhere.
package struct PackageInfo: Sendable, Equatable {
  /// A bundle in the payload.
  package struct Bundle: Sendable, Equatable {
    /// Its path in the payload, such as `./Demo.app`.
    package var path: String
    /// Its `CFBundleIdentifier`.
    package var identifier: String
    /// Its `CFBundleShortVersionString`, if any.
    package var shortVersion: String?
    /// Its `CFBundleVersion`, if any.
    package var version: String?

    /// Makes a bundle's description.
    package init(path: String, identifier: String, shortVersion: String?, version: String?) {
      self.path = path
      self.identifier = identifier
      self.shortVersion = shortVersion
      self.version = version
    }
  }

  /// The scripts Installer runs, in the order it runs them.
  package static let scriptNames = [
    "preflight", "preinstall", "preupgrade", "postinstall", "postupgrade", "postflight",
  ]

  /// The package's identifier, such as `com.example.demo.pkg`.
  package var identifier: String
  /// Its version.
  package var version: String
  /// Where the payload's root goes, such as `/Applications`.
  package var installLocation: String
  /// The payload's entries, its root included.
  package var numberOfFiles: Int
  /// The space they take once installed, in KiB.
  package var installKilobytes: Int64
  /// The bundles in the payload.
  package var bundles: [Bundle]
  /// The scripts the package carries, by name (among ``scriptNames``).
  package var scripts: [String]

  /// Makes a description.
  package init(
    identifier: String, version: String, installLocation: String, numberOfFiles: Int,
    installKilobytes: Int64, bundles: [Bundle] = [], scripts: [String] = []
  ) {
    self.identifier = identifier
    self.version = version
    self.installLocation = installLocation
    self.numberOfFiles = numberOfFiles
    self.installKilobytes = installKilobytes
    self.bundles = bundles
    self.scripts = scripts
  }

  /// The XML.
  package var xml: String {
    let escape = XMLText.escaped
    var lines = [
      #"<?xml version="1.0" encoding="utf-8"?>"#,
      #"<pkg-info overwrite-permissions="true" relocatable="false" "#
        + #"identifier="\#(escape(identifier))" postinstall-action="none" "#
        + #"version="\#(escape(version))" format-version="2" generator-version="Shipyard" "#
        + #"install-location="\#(escape(installLocation))" auth="root">"#,
      #"    <payload numberOfFiles="\#(numberOfFiles)" installKBytes="\#(installKilobytes)"/>"#,
    ]
    for bundle in bundles {
      var attributes = #"path="\#(escape(bundle.path))" id="\#(escape(bundle.identifier))""#
      attributes += #" CFBundleIdentifier="\#(escape(bundle.identifier))""#
      if let short = bundle.shortVersion {
        attributes += #" CFBundleShortVersionString="\#(escape(short))""#
      }
      if let version = bundle.version {
        attributes += #" CFBundleVersion="\#(escape(version))""#
      }
      lines.append("    <bundle \(attributes)/>")
    }
    lines += Self.list("bundle-version", bundles.map(\.identifier))
    lines += ["    <upgrade-bundle/>", "    <update-bundle/>", "    <atomic-update-bundle/>"]
    lines += Self.list("strict-identifier", bundles.map(\.identifier))
    lines.append("    <relocate/>")
    if !scripts.isEmpty {
      lines.append("    <scripts>")
      for name in Self.scriptNames where scripts.contains(name) {
        lines.append(#"        <\#(name) file="./\#(name)"/>"#)
      }
      lines.append("    </scripts>")
    }
    lines.append("</pkg-info>")
    return lines.joined(separator: "\n")
  }

  /// An element listing `identifiers` as `<bundle id>`; empty and closed when there are none.
  private static func list(_ element: String, _ identifiers: [String]) -> [String] {
    guard !identifiers.isEmpty else { return ["    <\(element)/>"] }
    return ["    <\(element)>"]
      + identifiers.map { #"        <bundle id="\#(XMLText.escaped($0))"/>"# }
      + ["    </\(element)>"]
  }
}
