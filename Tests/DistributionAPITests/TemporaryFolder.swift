import Foundation

/// A fresh folder under the system's temporary folder, for one test.
struct TemporaryFolder {
  /// The folder's path.
  let path: String

  /// Makes the folder.
  init() throws {
    path = NSTemporaryDirectory() + "/DistributionAPITests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  /// `name` inside the folder.
  func path(_ name: String) -> String { path + "/" + name }

  /// The names in the folder, sorted.
  var contents: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
  }

  /// A folder `name` holding one file of `count` random bytes: input that does not compress.
  func randomPayload(_ name: String, count: Int) throws -> String {
    let folder = path(name)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let random = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/dev/urandom"))
    defer { try? random.close() }
    let bytes = try random.read(upToCount: count) ?? Data()
    try bytes.write(to: URL(fileURLWithPath: folder + "/random.bin"))
    return folder
  }

  /// Removes the folder.
  func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// The repository's `Examples` folder.
let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples").path
