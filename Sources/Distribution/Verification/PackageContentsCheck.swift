import Foundation
import InstallerPackage
import SystemSupport
import XarArchive

/// A flat package's components checked against themselves, offline: each one's Bom read and its
/// Payload streamed out of the archive and compared with it, path by path (kind, permissions,
/// owner, size, POSIX `cksum`, link target), in bounded memory whatever the payload's size.
///
/// ```swift
/// let contents = try PackageContentsCheck(path: "dist/MyApp.pkg")
/// for component in contents.components { print(component.name, component.paths, component.problems) }
/// ```
public struct PackageContentsCheck: Sendable, Encodable {
  /// One component package: a folder of the archive (or its root) with a Bom and a Payload.
  public struct Component: Sendable, Encodable, Equatable {
    /// Its folder in the archive (`Demo.pkg`), or `.` for a component package's own root.
    public let name: String
    /// The paths its Bom lists.
    public let paths: Int
    /// What disagrees or does not read, each naming the path; empty when the Bom and the
    /// payload agree.
    public let problems: [String]
  }

  /// Every component found.
  public let components: [Component]

  /// Whether there is a component and every one's Bom agrees with its payload.
  public var isValid: Bool { !components.isEmpty && components.allSatisfy(\.problems.isEmpty) }

  /// Checks the package at `path`.
  ///
  /// - Throws: An error naming the part when the file is not a readable xar archive.
  public init(path: String) throws {
    let descriptor = try FileDescriptor.openForReading(path)
    defer { descriptor.close() }
    let reader = try XarReader(source: descriptor, size: try descriptor.status().size)
    var components: [Component] = []
    for bom in reader.entries where bom.name == "Bom" {
      let folder = bom.folder
      let payload = reader.entries.first { $0.folder == folder && $0.name == "Payload" }
      components.append(
        Self.check(bom: bom, payload: payload, in: reader, source: descriptor, name: folder))
    }
    self.components = components
  }

  /// The component of `bom` and `payload`.
  private static func check(
    bom: XarEntry, payload: XarEntry?, in reader: XarReader, source: FileDescriptor, name: String
  ) -> Component {
    let records: [BomRecord]
    do {
      records = try BomReader.records(
        in: try reader.contents(of: bom, limit: Int64(BomReader.maximumSize)))
    } catch {
      return Component(name: name, paths: 0, problems: ["Bom: \(error)"])
    }
    guard let payload, let data = payload.data else {
      return Component(name: name, paths: records.count, problems: ["no Payload beside the Bom"])
    }
    guard data.encoding == "application/octet-stream" else {
      return Component(
        name: name, paths: records.count,
        problems: ["Payload: kept as \(data.encoding), not stored as pkgbuild stores it"])
    }
    var comparison = BomPayloadComparison(bom: records)
    do {
      try PayloadReader.read(
        from: source, at: reader.heapOffset + data.offset, count: data.length
      ) { comparison.check($0) }
    } catch {
      return Component(name: name, paths: records.count, problems: ["Payload: \(error)"])
    }
    return Component(
      name: name, paths: records.count, problems: comparison.finish().map(\.description))
  }
}
