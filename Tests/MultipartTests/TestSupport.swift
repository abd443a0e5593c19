import Foundation
import Multipart

/// A file in the temporary folder, removed by the test.
struct TemporaryFile {
  let url: URL

  init(bytes: [UInt8], name: String = "part.bin") throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "shipyard-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    url = folder.appendingPathComponent(name)
    try Data(bytes).write(to: url)
  }

  func remove() {
    try? FileManager.default.removeItem(at: url.deletingLastPathComponent())
  }
}

/// An empty folder in the temporary folder, removed by the test.
struct TemporaryFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "shipyard-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}

/// A byte source over an array, for stream parts.
struct BytesSource: MultipartByteSource {
  private var bytes: ArraySlice<UInt8>

  init(_ bytes: [UInt8]) { self.bytes = bytes[...] }

  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    let count = min(buffer.count, bytes.count)
    buffer.copyBytes(from: bytes.prefix(count))
    bytes = bytes.dropFirst(count)
    return count
  }
}
