import Foundation

/// What a package takes from its source (an app or a folder) and the options, the same whichever
/// engine builds it: the identifier, version, install location and title, each the option's when
/// given, else the app's.
struct PackageSource: Sendable {
  /// The source's path.
  let path: String
  /// Its last name (`Demo.app`, `tools`).
  let name: String
  /// What the app's Info.plist says, or `nil` for a folder.
  let app: AppFacts?
  /// The package's identifier.
  let identifier: String
  /// Its version.
  let version: String
  /// Where the payload installs: `/Applications` for an app, `/` for a folder, unless told.
  let installLocation: String
  /// The title Installer shows: the option's, the app's name, or the source's name.
  let title: String

  /// Whether the source is an app (its name ends in `.app`).
  var isApp: Bool { app != nil }

  /// The source's name without its extension: the package's (`Demo` of `Demo.app`).
  var stem: String { (name as NSString).deletingPathExtension }

  /// Reads what `options` leave to the source at `path`, whose last name is `name`.
  ///
  /// - Throws: ``PackageBuildError`` for an app whose Info.plist does not read, or a source
  ///   that does not say an identifier or a version the options do not give.
  init(_ path: String, named name: String, options: PackageBuildOptions)
    throws(PackageBuildError)
  {
    let app = name.lowercased().hasSuffix(".app") ? try AppFacts(appAt: path) : nil
    guard let identifier = options.identifier ?? app?.identifier else {
      throw .missing("--identifier", source: path)
    }
    guard let version = options.version ?? app?.shortVersion ?? app?.version else {
      throw .missing("--version", source: path)
    }
    (self.path, self.name, self.app) = (path, name, app)
    (self.identifier, self.version) = (identifier, version)
    installLocation = options.installLocation ?? (app != nil ? "/Applications" : "/")
    title = options.title ?? app?.name ?? (name as NSString).deletingPathExtension
  }
}
