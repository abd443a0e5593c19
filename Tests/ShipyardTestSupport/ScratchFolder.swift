public import Foundation
import SystemSupport

/// An empty folder in the temporary folder, for one test; call ``remove()`` when done.
public struct ScratchFolder: Sendable {
  /// The folder.
  public let url: URL

  /// Makes a new, empty folder.
  public init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "shipyard-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// The path of `name` inside the folder.
  public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  /// The URL of `name` inside the folder.
  public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

  /// Writes `bytes` to `name` inside the folder and returns its URL.
  @discardableResult
  public func write(_ bytes: some Sequence<UInt8>, to name: String) throws -> URL {
    let url = file(name)
    try Data(bytes).write(to: url)
    return url
  }

  /// The names of the folder's entries, sorted; one that cannot be listed gives the error, as
  /// one entry, so that no test takes it for an empty folder.
  public var contents: [String] {
    do {
      return try FolderListing.names(in: url.path).sorted()
    } catch {
      return ["<\(error)>"]
    }
  }

  /// Removes the folder and everything in it.
  public func remove() { try? FileManager.default.removeItem(at: url) }
}
