package import Foundation

/// A new folder under the system's temporary directory, registered with
/// ``InterruptionCleanup`` before it exists, so that an interruption removes it too.
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
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "\(prefix)-\(UUID().uuidString)")
    ticket = InterruptionCleanup.register(url.path)
    do {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    } catch {
      InterruptionCleanup.unregister(ticket)
      throw error
    }
  }

  /// Removes the folder and what it holds, and forgets it.
  package func remove() {
    let path = url.path
    InterruptionCleanup.settle(ticket) { InterruptionCleanup.removeTree(path) }
  }
}
