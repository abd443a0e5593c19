import Foundation
import SystemSupport

/// Walks a bundle for ``BundleLayout``: finds each bundle's shape (app-style `Contents/`,
/// versioned framework, shallow), its main executable and identifier, and every Mach-O file
/// inside it, recursing into nested bundles (reference §9, §10).
struct BundleScanner {
  /// The scanned folder.
  let root: URL
  /// The bundles found so far.
  private(set) var bundles: [BundleLayout.SignableBundle] = []
  /// The loose Mach-O files found so far.
  private(set) var looseCode: [CodeItem] = []

  init(root: URL) { self.root = root }

  /// Scans the bundle whose folder is `path`, recorded by its parent's seal as `sealedAs`.
  mutating func scanBundle(at path: String, sealedAs: String) throws {
    if try kind(joinedPath(path, "Versions")) == .directory,
      try kind(joinedPath(path, "Contents")) == nil
    {
      try scanFramework(at: path, sealedAs: sealedAs)
    } else if try kind(joinedPath(path, "Contents")) == .directory {
      try scanContent(
        joinedPath(path, "Contents"), folder: path, infoPlist: "Info.plist",
        executableFolder: "MacOS", rules: .deep, sealedAs: sealedAs)
    } else {
      let hasResources = try kind(joinedPath(path, "Resources")) == .directory
      try scanContent(
        path, folder: path, infoPlist: "Info.plist", executableFolder: "",
        rules: hasResources ? .deep : .shallow, sealedAs: sealedAs)
    }
  }

  /// A versioned framework: only links beside `Versions`, each real folder in `Versions` a
  /// bundle of its own; the parent's seal names the framework for its `Current` version.
  private mutating func scanFramework(at path: String, sealedAs: String) throws {
    for name in try ResourceWalk.sortedNames(in: url(path)) where name != "Versions" {
      guard try kind(joinedPath(path, name)) == .symbolicLink else {
        throw BundleError.unsealedFrameworkRoot(path: display(joinedPath(path, name)))
      }
    }
    let versionsPath = joinedPath(path, "Versions")
    let current = try? FileManager.default.destinationOfSymbolicLink(
      atPath: url(joinedPath(versionsPath, "Current")).path)
    let versions = try ResourceWalk.sortedNames(in: url(versionsPath)).filter {
      try kind(joinedPath(versionsPath, $0)) == .directory
    }
    guard !versions.isEmpty else {
      throw BundleError.notABundle(
        path: display(path), reason: "a framework whose Versions folder holds no version")
    }
    for version in versions {
      let versionPath = joinedPath(versionsPath, version)
      let isCurrent = current == version || (current == nil && versions.count == 1)
      try scanContent(
        versionPath, folder: versionPath, infoPlist: "Resources/Info.plist", executableFolder: "",
        rules: .deep, sealedAs: isCurrent ? sealedAs : versionPath)
    }
  }

  /// One bundle's content folder: its `Info.plist` and main executable, then what its seal
  /// walks, nested bundles scanned in turn.
  private mutating func scanContent(
    _ contentPath: String, folder: String, infoPlist: String, executableFolder: String,
    rules: ResourceRules, sealedAs: String
  ) throws {
    let infoPath = joinedPath(contentPath, infoPlist)
    guard try kind(infoPath) == .regular else {
      let missing = String(infoPath.dropFirst(folder.isEmpty ? 0 : folder.count + 1))
      throw BundleError.notABundle(path: display(folder), reason: "it has no \(missing)")
    }
    let info = try BundleInfo(
      plist: Array(try Data(contentsOf: url(infoPath))), path: display(infoPath))
    guard info.isSignable else {
      throw BundleError.notABundle(
        path: display(folder),
        reason: "its Info.plist has no CFBundlePackageType (other than dSYM) or CFBundleIdentifier")
    }
    guard let executable = info.executable else {
      throw BundleError.notABundle(
        path: display(folder), reason: "its Info.plist has no CFBundleExecutable")
    }
    let executablePath = joinedPath(contentPath, joinedPath(executableFolder, executable))
    guard try kind(executablePath) == .regular else {
      throw BundleError.missingMainExecutable(path: display(executablePath))
    }
    let fileKind = try MachOFileDetection.kind(at: url(executablePath).path)
    guard fileKind == .machO else {
      throw BundleError.notMachO(path: display(executablePath), kind: fileKind)
    }
    let bundle = BundleLayout.SignableBundle(
      contentPath: contentPath, sealedAs: sealedAs, infoPlistPath: infoPath,
      mainExecutable: CodeItem(
        url: url(executablePath), relativePath: executablePath,
        identifier: info.identifier ?? CodeIdentifier.fromFileName(executable),
        role: .mainExecutable(bundleRelativePath: folder),
        identifierIsFromFileName: info.identifier == nil),
      rules: rules)
    bundles.append(bundle)
    let walk = try ResourceWalk(
      url(contentPath), rules: try ResourceRuleMatcher(rules.rules2),
      mainExecutable: bundle.mainExecutableInContent)
    // Bundles where the rules nest no code (a system extension in Library/SystemExtensions, an
    // app in Resources) are signed as bundles too, before their parent seals their files as
    // resources, as Xcode signs them before embedding them.
    let unnested = try unnestedBundles(in: walk.entries, under: contentPath)
    for folder in unnested {
      try scanBundle(at: joinedPath(contentPath, folder), sealedAs: joinedPath(contentPath, folder))
    }
    for entry in walk.entries where !unnested.contains(where: { entry.path.hasPrefix($0 + "/") }) {
      let path = joinedPath(contentPath, entry.path)
      switch entry.kind {
      case .dataInCodeLocation: throw BundleError.dataInCodeLocation(path: display(path))
      case .nestedBundle: try scanBundle(at: path, sealedAs: path)
      case .nestedMachO: addLooseCode(path)
      case .file: if try MachOFileDetection.isMachO(at: entry.url.path) { addLooseCode(path) }
      case .symlink: continue
      }
    }
  }

  /// The outermost app-style bundles among `entries` (walked from `contentPath`) that the rules
  /// seal as files: folders with a dot in their name holding `Contents/Info.plist`, whose
  /// `CFBundleExecutable` is a Mach-O file in `Contents/MacOS`.
  private func unnestedBundles(in entries: [ResourceWalk.Entry], under contentPath: String) throws
    -> [String]
  {
    let marker = "/Contents/Info.plist"
    var folders: [String] = []
    for entry in entries where entry.kind == .file && entry.path.hasSuffix(marker) {
      let folder = String(entry.path.dropLast(marker.count))
      guard (folder as NSString).lastPathComponent.contains("."),
        !folders.contains(where: { folder.hasPrefix($0 + "/") }),
        let info = try? BundleInfo(plist: Array(try Data(contentsOf: entry.url)), path: entry.path),
        info.isSignable, let executable = info.executable, !executable.contains("/")
      else { continue }
      let main = joinedPath(contentPath, folder + "/Contents/MacOS/" + executable)
      if try kind(main) == .regular, try MachOFileDetection.isMachO(at: url(main).path) {
        folders.append(folder)
      }
    }
    return folders
  }

  private mutating func addLooseCode(_ path: String) {
    let name = (path as NSString).lastPathComponent
    looseCode.append(
      CodeItem(
        url: url(path), relativePath: path, identifier: CodeIdentifier.fromFileName(name),
        role: .loose, identifierIsFromFileName: true))
  }

  private func url(_ path: String) -> URL {
    path.isEmpty ? root : root.appendingPathComponent(path)
  }

  private func kind(_ path: String) throws -> FileStatus.Kind? {
    try FileStatus.of(url(path).path, followingLinks: false)?.kind
  }

  /// A path as errors name it: from the scanned folder, its name first (`App.app/Contents/x`).
  private func display(_ path: String) -> String { joinedPath(root.lastPathComponent, path) }
}
