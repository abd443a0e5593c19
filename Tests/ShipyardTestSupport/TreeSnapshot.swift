import Digests
public import Foundation
import SystemSupport

/// Every file, folder and symbolic link under a folder, with its mode and SHA-256 or destination.
///
/// Two snapshots are equal when nothing under the folder changed: for the tests of failures
/// that must leave an app as it was.
///
/// ```swift
/// let before = try TreeSnapshot(of: app)
/// … a signing that fails …
/// #expect(try TreeSnapshot(of: app) == before)
/// ```
public struct TreeSnapshot: Equatable, Sendable, CustomStringConvertible {
  /// Each entry's path (relative to the folder) and what it is: `file <mode> <sha256>`,
  /// `link -> <destination>` or `folder <mode>`.
  public let entries: [String: String]

  /// Takes the snapshot of the folder at `url` (links are recorded, not followed).
  ///
  /// - Throws: A file system error.
  public init(of url: URL) throws {
    var entries: [String: String] = [:]
    try Self.record(url.path, prefix: "", into: &entries)
    self.entries = entries
  }

  /// Records every entry of `folder` under `prefix`, and those of its folders; every folder is
  /// read with the checked listing, so an unreadable one is an error, never an empty folder.
  private static func record(
    _ folder: String, prefix: String, into entries: inout [String: String]
  ) throws {
    let manager = FileManager.default
    for name in try FolderListing.names(in: folder) {
      let path = prefix + name
      let full = folder + "/" + name
      let attributes = try manager.attributesOfItem(atPath: full)
      let mode = String((attributes[.posixPermissions] as? Int) ?? 0, radix: 8)
      switch attributes[.type] as? FileAttributeType {
      case .typeSymbolicLink?:
        entries[path] = "link -> \(try manager.destinationOfSymbolicLink(atPath: full))"
      case .typeDirectory?:
        entries[path] = "folder \(mode)"
        try record(full, prefix: path + "/", into: &entries)
      default:
        let bytes = try Data(contentsOf: URL(fileURLWithPath: full))
        entries[path] = "file \(mode) \(DigestAlgorithm.sha256.digest(bytes).hex)"
      }
    }
  }

  /// The entries, one a line, sorted by path.
  public var description: String {
    entries.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: "\n")
  }

  /// The entries of the folder at `folder` that a signing of `name` (an app or file in it) leaves
  /// behind when it stops: its staging copies, `.<name>.shipyard-*.tmp`.
  ///
  /// - Throws: A file system error.
  public static func stagingLeftovers(of name: String, in folder: URL) throws -> [String] {
    try FolderListing.names(in: folder.path).filter {
      $0.hasPrefix(".\(name).shipyard-")
    }
  }
}
