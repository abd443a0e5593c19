package import Foundation

/// A new folder under the system's temporary directory (or hidden beside an output), registered
/// with ``InterruptionCleanup`` before it exists, so that an interruption removes it too.
///
/// ```swift
/// let folder = try TemporaryFolder(prefix: "shipyard-verify")
/// defer { folder.remove() }
/// try extract(into: folder.url.path)
/// ```
package struct TemporaryFolder: Sendable {
  /// The folder.
  package let url: URL
  /// Its registration with ``InterruptionCleanup``.
  private let ticket: InterruptionCleanup.Ticket

  /// Makes `<temporary directory>/<prefix>-<UUID>`.
  ///
  /// - Throws: When the folder cannot be made (it is forgotten then).
  package init(prefix: String) throws {
    try self.init(
      url: FileManager.default.temporaryDirectory.appendingPathComponent(
        "\(prefix)-\(UUID().uuidString)"))
  }

  /// Makes a hidden folder beside `path` (``AtomicOutputFile/temporarySibling(of:)``), on its
  /// file system, so that what is made in it can be renamed over `path`
  /// (``moveItem(_:over:)``).
  ///
  /// - Throws: When the folder cannot be made (it is forgotten then).
  package init(beside path: String) throws {
    try self.init(url: URL(fileURLWithPath: AtomicOutputFile.temporarySibling(of: path)))
  }

  private init(url: URL) throws {
    self.url = url
    ticket = InterruptionCleanup.register(url.path)
    do {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    } catch {
      InterruptionCleanup.unregister(ticket)
      throw error
    }
  }

  /// The path of `name` in the folder.
  package func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  /// Renames the item at `path` (in the folder) over `target`, replacing what is there at once.
  ///
  /// - Throws: ``SystemError`` naming `target` when the rename fails (`path` is left then).
  package func moveItem(_ path: String, over target: String) throws(SystemError) {
    guard rename(path, target) == 0 else { throw SystemError("rename into", path: target) }
  }

  /// Removes the folder and what it holds, and forgets it.
  package func remove() {
    let path = url.path
    InterruptionCleanup.settle(ticket) { InterruptionCleanup.removeTree(path) }
  }
}
