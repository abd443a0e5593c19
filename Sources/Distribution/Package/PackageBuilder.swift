import CodeSigning
import Foundation
import InstallerPackage
import StagedTree
import SystemSupport
import XarArchive

/// Makes a flat installer package of an app (installed as `/Applications/Name.app`) or of a
/// folder's contents, as `pkgbuild` and `productbuild` do on a Mac.
///
/// ```swift
/// let summary = try PackageBuilder.build("build/Demo.app", to: "Demo.pkg", options: .init())
/// ```
public enum PackageBuilder {
  /// What was built.
  public struct Summary: Sendable, Equatable, Encodable {
    /// The package written.
    public var output: String
    /// Its identifier.
    public var identifier: String
    /// Its version.
    public var version: String
    /// Where it installs.
    public var installLocation: String
    /// Whether it is a product archive (else a component package).
    public var product: Bool
    /// The payload's entries, its root included.
    public var numberOfFiles: Int
    /// The space they take once installed, in KiB.
    public var installKilobytes: Int64
    /// The architectures the Distribution requires of the Mac (empty for any).
    public var hostArchitectures: [String]
    /// The package's bytes.
    public var size: Int64
  }

  /// Builds the package of `source` (an app or a folder) at `output`.
  ///
  /// - Throws: ``PackageBuildError`` for a source without what the options leave to it;
  ///   the scan's, the payload's or the archive's errors. Nothing is left at `output` then.
  public static func build(_ source: String, to output: String, options: PackageBuildOptions)
    throws -> Summary
  {
    let scanned = try SourceScanner.scan(source)
    guard scanned.isFolder else { throw PackageBuildError.notAFolder(source) }
    let facts = try PackageSource(source, named: scanned.name, options: options)
    let app = facts.app
    var root =
      app != nil
      ? SourceItem(
        name: ".", content: .folder([scanned]), permissions: 0o755,
        modificationDate: scanned.modificationDate) : scanned
    root.permissions = app != nil ? 0o775 : root.permissions
    let scripts = try options.scripts.map { path throws -> SourceItem in
      let folder = try SourceScanner.scan(path)
      guard folder.isFolder else { throw PackageBuildError.notAFolder(path) }
      return folder
    }
    let bundles =
      app.map { app in
        [
          PackageInfo.Bundle(
            path: "./" + scanned.name, identifier: app.identifier ?? facts.identifier,
            shortVersion: app.shortVersion, version: app.version)
        ]
      } ?? []
    let architectures =
      options.component ? [] : hostArchitectures(of: root, app: app)
    let product =
      options.component
      ? nil
      : FlatPackageContents.Product(
        title: facts.title, componentName: "\(facts.stem).pkg",
        hostArchitectures: architectures, minimumSystemVersion: app?.minimumSystemVersion)
    let contents = FlatPackageContents(
      payload: root, scripts: scripts, identifier: facts.identifier, version: facts.version,
      installLocation: facts.installLocation, bundles: bundles, product: product)
    let writer = FlatPackageWriter(
      archive: XarWriter(
        checksum: options.sha256 ? .sha256 : .sha1,
        creationTime: options.dateLimit ?? Int64(Date().timeIntervalSince1970)))
    let written = try writer.write(contents, to: output)
    return Summary(
      output: output, identifier: facts.identifier, version: facts.version,
      installLocation: facts.installLocation, product: product != nil,
      numberOfFiles: written.numberOfFiles, installKilobytes: written.installKilobytes,
      hostArchitectures: architectures, size: try FileStatus.of(output)?.size ?? 0)
  }

  /// The architectures of the Mach-O files in `root`: the main executable `facts` names for an
  /// app, or every file of a folder; `arm64` and `x86_64` only, as Installer names
  /// them.
  static func hostArchitectures(of root: SourceItem, app facts: AppFacts?) -> [String] {
    var files: [String] = []
    if let facts {
      if let app = root.children.first, let executable = facts.executable {
        files = [app.sourcePath + "/Contents/MacOS/" + executable]
      }
    } else {
      collectFiles(root, into: &files)
    }
    var found = Set<String>()
    for file in files {
      guard let descriptor = try? FileDescriptor.openForReading(file) else { continue }
      defer { descriptor.close() }
      guard let size = try? descriptor.status().size,
        (try? CodeFileKind(prefix: descriptor.read(at: 0, count: 8))) == .machO,
        let slices = try? MachOSliceExtents(reading: descriptor, size: Int(size), path: file)
      else { continue }
      for slice in slices.extents {
        if slice.cpu.type == MachOCPU.arm64 { found.insert("arm64") }
        if slice.cpu.type == MachOCPU.x64 { found.insert("x86_64") }
      }
    }
    return found.sorted()
  }

  /// The paths of the regular files under `item`.
  private static func collectFiles(_ item: SourceItem, into files: inout [String]) {
    switch item.content {
    case .folder(let children): for child in children { collectFiles(child, into: &files) }
    case .file(let path, _): files.append(path.string)
    default: break
    }
  }
}
