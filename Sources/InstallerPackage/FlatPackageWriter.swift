import Foundation
import StagedTree
import SystemSupport
package import XarArchive

/// Writes a flat installer package: a component package (`Bom`, `Payload`, `Scripts`,
/// `PackageInfo`, as `pkgbuild` writes them) or a product archive (`Distribution` and the
/// component under `Name.pkg/`, as `productbuild` writes them).
///
/// The payload and scripts stream through a temporary folder, so memory stays bounded whatever
/// the files' sizes; the Bom holds a record per path. With the same tree, dates and creation
/// time, the bytes are the same.
///
/// ```swift
/// let contents = FlatPackageContents(payload: root, scripts: nil, identifier: "com.example.demo",
///   version: "1.0", installLocation: "/Applications", bundles: [], product: nil)
/// let writer = FlatPackageWriter(archive: XarWriter(creationTime: 1_700_000_000))
/// let summary = try writer.write(contents, to: "Demo.pkg")
/// ```
package struct FlatPackageWriter: Sendable {
  /// What a package holds, for the report.
  package struct Summary: Sendable, Equatable {
    /// The payload's entries, its root included.
    package var numberOfFiles: Int
    /// The space they take once installed, in KiB.
    package var installKilobytes: Int64
    /// The bytes of files and links.
    package var contentBytes: Int64
    /// The compressed payload's bytes.
    package var payloadBytes: Int64
  }

  /// The archive's writer: its checksum, its creation time (also the latest date written) and
  /// zlib's level (also the payload's).
  package var archive: XarWriter

  /// Makes a writer.
  package init(archive: XarWriter) { self.archive = archive }

  /// The creation time and latest date written, in seconds since 1970.
  private var creationTime: Int64 { archive.creationTime }

  /// Writes the package of `contents` to `path`, which holds either its old content or the
  /// whole package afterwards.
  ///
  /// - Throws: ``PayloadError`` for a file that cannot be archived, ``BomError``,
  ///   `XarWriterError` or `SystemError` for the archive.
  @discardableResult
  package func write(_ contents: FlatPackageContents, to path: String) throws -> Summary {
    let scratch = try TemporaryFolder(prefix: "shipyard-pkg")
    defer { scratch.remove() }
    let payloadPath = scratch.url.appendingPathComponent("Payload").path
    let payload = try writePayload(of: contents.payload, to: payloadPath)
    let bom = try BomWriter.bytes(of: payload.entries)
    var scriptNames: [String] = []
    var scriptsPath: String?
    if let scripts = contents.scripts {
      scriptNames = PackageInfo.scriptNames.filter { name in
        scripts.children.contains { $0.name == name }
      }
      let path = scratch.url.appendingPathComponent("Scripts").path
      _ = try writePayload(of: Self.executableScripts(scripts), to: path)
      scriptsPath = path
    }
    let info = PackageInfo(
      identifier: contents.identifier, version: contents.version,
      installLocation: contents.installLocation, numberOfFiles: payload.entryCount,
      installKilobytes: payload.installKilobytes, bundles: contents.bundles,
      scripts: scriptNames)
    let prefix = contents.product.map { $0.componentName + "/" } ?? ""
    var members: [XarMember] = []
    if let product = contents.product {
      let distribution = DistributionScript(
        title: product.title, identifier: contents.identifier, version: contents.version,
        componentName: product.componentName, installKilobytes: payload.installKilobytes,
        hostArchitectures: product.hostArchitectures,
        minimumSystemVersion: product.minimumSystemVersion)
      members.append(member("Distribution", .bytes(Array(distribution.xml.utf8)), .zlib))
      members.append(.folder(product.componentName, modificationTime: creationTime))
    }
    members.append(member(prefix + "Bom", .bytes(bom), .zlib))
    members.append(member(prefix + "Payload", .file(path: payloadPath), .stored))
    if let scriptsPath {
      members.append(member(prefix + "Scripts", .file(path: scriptsPath), .stored))
    }
    members.append(member(prefix + "PackageInfo", .bytes(Array(info.xml.utf8)), .zlib))
    try archive.write(members, to: path)
    let payloadBytes = try FileStatus.of(payloadPath)?.size ?? 0
    return Summary(
      numberOfFiles: payload.entryCount, installKilobytes: payload.installKilobytes,
      contentBytes: payload.contentBytes, payloadBytes: payloadBytes)
  }

  /// A member of the archive, dated at the creation time.
  private func member(_ path: String, _ content: XarMember.Content, _ encoding: XarMember.Encoding)
    -> XarMember
  {
    .file(path, content, encoding: encoding, modificationTime: creationTime)
  }

  /// Writes the payload of the folder `root` (as `.`), dates clamped to the creation time, to a
  /// new file at `path`.
  private func writePayload(of root: SourceItem, to path: String) throws -> PayloadWriter.Summary {
    let output = try FileDescriptor.createExclusively(path, permissions: 0o600)
    defer { output.close() }
    var item = Self.clamped(root, to: creationTime)
    item.name = "."
    return try PayloadWriter(level: archive.level) { try output.writeAll($0) }.write(item)
  }

  /// `item` with every date after `limit` set to it.
  static func clamped(_ item: SourceItem, to limit: Int64) -> SourceItem {
    var item = item
    item.modificationDate = min(item.modificationDate, limit)
    if case .folder(let children) = item.content {
      item.content = .folder(children.map { clamped($0, to: limit) })
    }
    return item
  }

  /// The folder of scripts with the scripts Installer runs made executable (0755), as it
  /// needs them.
  static func executableScripts(_ folder: SourceItem) -> SourceItem {
    var folder = folder
    folder.content = .folder(
      folder.children.map { child in
        var child = child
        if PackageInfo.scriptNames.contains(child.name), !child.isFolder {
          child.permissions |= 0o755
        }
        return child
      })
    return folder
  }
}
