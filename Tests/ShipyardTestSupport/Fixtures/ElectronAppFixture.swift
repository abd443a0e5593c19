public import Foundation
public import Testing

/// An unsigned app bundle shaped like an Electron app, written at test time from the
/// ``MachOFixture`` files, and a description of what it holds.
///
/// ```
/// Demo.app/Contents/
///   Info.plist, PkgInfo
///   MacOS/Demo                                   goUniversal (the main executable)
///   Frameworks/Demo Framework.framework/          versioned; root entries are symlinks
///     Demo Framework, Helpers, Libraries, Resources -> Versions/Current/…
///     Versions/Current -> A
///     Versions/A/Demo Framework                   frameworkUniversal
///     Versions/A/Libraries/libffmpeg.dylib        dylibUniversal (loose code)
///     Versions/A/Helpers/demo_crashpad_handler    executableAmd64 (a helper tool)
///     Versions/A/Resources/{Info.plist, resources.pak, en.lproj/locale.pak}
///   Frameworks/Demo Helper.app                    executableUniversal
///   Frameworks/Demo Helper (Renderer).app         executableUniversal
///   Library/LoginItems/Demo Login.app             goArm64
///   PlugIns/Demo.plugin                           bundleUniversal (MH_BUNDLE)
///   Resources/{en,de,Base}.lproj/…, app.asar, electron.icns, native.node (bundleArm64)
///   Resources/app-icon.icns -> electron.icns
/// ```
///
/// ```swift
/// let folder = try ScratchFolder()
/// defer { folder.remove() }
/// let app = try ElectronAppFixture.write(in: folder.url)
/// for (path, fixture) in app.machOFiles { … }        // every Mach-O, by path in the app
/// for bundle in app.bundles { … }                    // nested bundles, deepest first
/// ```
///
/// Every path in the description is relative to the app's folder (`Contents/MacOS/Demo`).
public struct ElectronAppFixture: Sendable {
  /// What to change in the bundle, for the tests of what cannot be signed.
  public struct Options: Sendable {
    /// Text files to write where only code may be (paths relative to `Contents`, such as
    /// `LICENSE.txt` or `MacOS/readme.txt`): Apple's codesign refuses such bundles.
    public var dataFilesWhereCodeBelongs: [String]
    /// Mach-O files to put in place of the default ones or beside them (paths relative to the
    /// app, such as `Contents/Resources/tool` → ``MachOFixture/appendedDataAmd64``).
    public var machOFiles: [String: MachOFixture]

    /// Options for the default bundle, with the given changes.
    public init(
      dataFilesWhereCodeBelongs: [String] = [], machOFiles: [String: MachOFixture] = [:]
    ) {
      self.dataFilesWhereCodeBelongs = dataFilesWhereCodeBelongs
      self.machOFiles = machOFiles
    }
  }

  /// A bundle inside the app, signed as a bundle of its own.
  public struct NestedBundle: Sendable, Hashable {
    /// The bundle's root: `Contents/Frameworks/Demo Helper.app`, or for the framework its
    /// version folder `Contents/Frameworks/Demo Framework.framework/Versions/A`.
    public let path: String
    /// Its Info.plist's `CFBundleIdentifier`.
    public let identifier: String
    /// Its main executable.
    public let executable: String
    /// Its Info.plist (`Contents/Info.plist`, or `Resources/Info.plist` in a framework).
    public let infoPlist: String

    /// Describes a bundle at `path` (relative to the app).
    public init(path: String, identifier: String, executable: String, infoPlist: String) {
      self.path = path
      self.identifier = identifier
      self.executable = executable
      self.infoPlist = infoPlist
    }
  }

  // MARK: - Properties

  /// The app's folder, `Demo.app`.
  public let url: URL
  /// The app's `CFBundleIdentifier`.
  public let identifier: String
  /// The app's main executable.
  public let mainExecutable: String
  /// Every Mach-O file in the bundle and the fixture it is a copy of.
  public let machOFiles: [String: MachOFixture]
  /// The nested bundles, deepest (most path components) first: the order they are signed in.
  public let bundles: [NestedBundle]
  /// Every symbolic link and its destination, as written in the link.
  public let symlinks: [String: String]
  /// The regular files that are not Mach-O (Info.plists and resources included).
  public let dataFiles: [String]
  /// The data files written where only code may be (``Options/dataFilesWhereCodeBelongs``).
  public let dataFilesWhereCodeBelongs: [String]

  /// The Mach-O files that are no bundle's main executable (dylibs, helper tools, `.node`
  /// modules), deepest first: what is signed before any bundle.
  public var looseCode: [String] {
    let executables = Set(bundles.map(\.executable) + [mainExecutable])
    return machOFiles.keys.filter { !executables.contains($0) }.sorted(by: Self.deepestFirst)
  }

  /// The file URL of `path` (relative to the app).
  public func file(_ path: String) -> URL { url.appendingPathComponent(path) }

  // MARK: - API

  /// The Mach-O fixtures the default bundle is made of.
  public static let fixtures: [MachOFixture] = [
    .goUniversal, .goArm64, .frameworkUniversal, .dylibUniversal, .executableAmd64,
    .executableUniversal, .bundleUniversal, .bundleArm64,
  ]

  /// Whether a test of the bundle runs (every tool installed, or `CI=true`).
  public static var shouldRun: Bool { MachOFixture.shouldRun(fixtures) }

  /// Why a test of the bundle was skipped: the missing tools.
  public static var skipReason: Comment { MachOFixture.skipReason(fixtures) }

  /// Writes `Demo.app` into `folder` and describes it.
  ///
  /// - Throws: ``FixtureToolMissing`` when a tool the Mach-O fixtures need is not installed,
  ///   a ``ProcessFailure`` of their build, or a file system error.
  public static func write(
    in folder: URL, options: Options = Options()
  ) throws -> ElectronAppFixture {
    var writer = ElectronAppWriter(app: folder.appendingPathComponent("Demo.app"))
    try writer.writeDefaultLayout()
    for (path, fixture) in options.machOFiles.sorted(by: { $0.key < $1.key }) {
      try writer.machO(path, fixture)
    }
    for path in options.dataFilesWhereCodeBelongs {
      try writer.data("Contents/\(path)", "not code: \(path)\n")
    }
    return ElectronAppFixture(
      url: writer.app, identifier: ElectronAppWriter.identifier,
      mainExecutable: "Contents/MacOS/Demo", machOFiles: writer.machOFiles,
      bundles: writer.bundles.sorted { deepestFirst($0.path, $1.path) },
      symlinks: writer.symlinks,
      dataFiles: writer.dataFiles.sorted(),
      dataFilesWhereCodeBelongs: options.dataFilesWhereCodeBelongs.map { "Contents/\($0)" })
  }

  /// Copies the app (links as links, modes kept) into `folder` and describes the copy.
  ///
  /// - Throws: The ``ProcessFailure`` of `cp -a`.
  public func copy(into folder: URL) throws -> ElectronAppFixture {
    let copy = folder.appendingPathComponent(url.lastPathComponent)
    try ProcessRunner.check("cp", ["-a", url.path, copy.path])
    return ElectronAppFixture(
      url: copy, identifier: identifier, mainExecutable: mainExecutable, machOFiles: machOFiles,
      bundles: bundles, symlinks: symlinks, dataFiles: dataFiles,
      dataFilesWhereCodeBelongs: dataFilesWhereCodeBelongs)
  }

  /// Longer paths first, then by name: the inside-out signing order.
  static func deepestFirst(_ first: String, _ second: String) -> Bool {
    let depths = (first.split(separator: "/").count, second.split(separator: "/").count)
    return depths.0 != depths.1 ? depths.0 > depths.1 : first < second
  }
}
