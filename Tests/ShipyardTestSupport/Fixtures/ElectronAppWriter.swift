import Foundation

/// Writes the files of an ``ElectronAppFixture`` and records what it wrote where.
struct ElectronAppWriter {
  /// The app's `CFBundleIdentifier`; nested bundles' identifiers extend it.
  static let identifier = "com.example.demo"

  /// The app's folder.
  let app: URL
  private(set) var machOFiles: [String: MachOFixture] = [:]
  private(set) var bundles: [ElectronAppFixture.NestedBundle] = []
  private(set) var symlinks: [String: String] = [:]
  private(set) var dataFiles: Set<String> = []

  init(app: URL) { self.app = app }

  // MARK: - The layout

  /// Writes the default bundle (see ``ElectronAppFixture``).
  mutating func writeDefaultLayout() throws {
    try infoPlist("Contents/Info.plist", Self.identifier, executable: "Demo", type: "APPL")
    try data("Contents/PkgInfo", "APPL????")
    try machO("Contents/MacOS/Demo", .goUniversal)
    try writeFramework()
    for (name, suffix) in [
      ("Demo Helper", "helper"), ("Demo Helper (Renderer)", "helper.renderer"),
    ] {
      try nestedApp("Contents/Frameworks/\(name).app", name, suffix, .executableUniversal)
    }
    try nestedApp("Contents/Library/LoginItems/Demo Login.app", "Demo Login", "login", .goArm64)
    let plugin = "Contents/PlugIns/Demo.plugin"
    try nestedBundle(
      plugin, "Contents", executable: "Demo", "plugin", type: "BNDL", .bundleUniversal)
    try writeResources()
  }

  /// A versioned framework: the code in `Versions/A`, symlinks at the root.
  private mutating func writeFramework() throws {
    let root = "Contents/Frameworks/Demo Framework.framework"
    let version = "\(root)/Versions/A"
    try nestedBundle(
      version, "Resources", executable: "Demo Framework", "framework", type: "FMWK",
      .frameworkUniversal)
    try machO("\(version)/Libraries/libffmpeg.dylib", .dylibUniversal)
    try machO("\(version)/Helpers/demo_crashpad_handler", .executableAmd64)
    try data("\(version)/Resources/resources.pak", String(repeating: "pak ", count: 256))
    try data("\(version)/Resources/en.lproj/locale.pak", "en locale\n")
    try symlink("\(root)/Versions/Current", "A")
    for entry in ["Demo Framework", "Helpers", "Libraries", "Resources"] {
      try symlink("\(root)/\(entry)", "Versions/Current/\(entry)")
    }
  }

  /// Localized resources, Electron's archive, an icon and its link, a native Node module.
  private mutating func writeResources() throws {
    let resources = "Contents/Resources"
    try data("\(resources)/en.lproj/InfoPlist.strings", "\"CFBundleName\" = \"Demo\";\n")
    try data("\(resources)/de.lproj/InfoPlist.strings", "\"CFBundleName\" = \"Demo (de)\";\n")
    try data("\(resources)/Base.lproj/MainMenu.nib", "nib\n")
    try data("\(resources)/app.asar", String(repeating: "{\"files\":{}}", count: 512))
    try data("\(resources)/electron.icns", "icns")
    try symlink("\(resources)/app-icon.icns", "electron.icns")
    try machO("\(resources)/native.node", .bundleArm64)
  }

  /// An app inside the app (helper, login item): `Contents/{Info.plist, PkgInfo, MacOS/…}`.
  private mutating func nestedApp(
    _ path: String, _ executable: String, _ suffix: String, _ fixture: MachOFixture
  ) throws {
    try nestedBundle(path, "Contents", executable: executable, suffix, type: "APPL", fixture)
    try data("\(path)/Contents/PkgInfo", "APPL????")
  }

  /// A bundle whose Info.plist is in `path/infoFolder` and executable in `MacOS/` (apps,
  /// plug-ins) or, for a framework (`infoFolder` `Resources`), at the version's root.
  private mutating func nestedBundle(
    _ path: String, _ infoFolder: String, executable: String, _ suffix: String, type: String,
    _ fixture: MachOFixture
  ) throws {
    let identifier = "\(Self.identifier).\(suffix)"
    let infoPlist = "\(path)/\(infoFolder)/Info.plist"
    let executablePath =
      infoFolder == "Resources" ? "\(path)/\(executable)" : "\(path)/Contents/MacOS/\(executable)"
    try self.infoPlist(infoPlist, identifier, executable: executable, type: type)
    try machO(executablePath, fixture)
    bundles.append(
      .init(path: path, identifier: identifier, executable: executablePath, infoPlist: infoPlist))
  }

  // MARK: - Files

  /// Copies `fixture` to `path` (replacing what is there).
  mutating func machO(_ path: String, _ fixture: MachOFixture) throws {
    let url = try parentMade(path)
    try? FileManager.default.removeItem(at: url)
    try fixture.copy(to: url)
    machOFiles[path] = fixture
    dataFiles.remove(path)
  }

  /// Writes `text` to `path`.
  mutating func data(_ path: String, _ text: String) throws {
    try Data(text.utf8).write(to: try parentMade(path))
    dataFiles.insert(path)
    machOFiles[path] = nil
  }

  /// An Info.plist with the keys codesign and the loader read.
  private mutating func infoPlist(
    _ path: String, _ identifier: String, executable: String, type: String
  ) throws {
    let keys: [String: Any] = [
      "CFBundleIdentifier": identifier, "CFBundleExecutable": executable,
      "CFBundleName": executable, "CFBundlePackageType": type, "CFBundleVersion": "1.0.0",
      "CFBundleShortVersionString": "1.0.0", "CFBundleInfoDictionaryVersion": "6.0",
      "LSMinimumSystemVersion": "11.0",
    ]
    let bytes = try PropertyListSerialization.data(
      fromPropertyList: keys, format: .xml, options: 0)
    try bytes.write(to: try parentMade(path))
    dataFiles.insert(path)
  }

  /// A symbolic link at `path` to `destination` (relative, as written in the link).
  private mutating func symlink(_ path: String, _ destination: String) throws {
    try FileManager.default.createSymbolicLink(
      atPath: try parentMade(path).path, withDestinationPath: destination)
    symlinks[path] = destination
  }

  /// The URL of `path`, its parent folders made.
  private func parentMade(_ path: String) throws -> URL {
    let url = app.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    return url
  }
}
