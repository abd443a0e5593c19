import APFS
import Foundation
import SystemSupport
import Testing

/// A raw container file, read back through ``RandomAccessByteSource``.
struct FileBytes: RandomAccessByteSource {
  let handle: FileHandle

  func read(at offset: Int64, count: Int) throws -> [UInt8] {
    try handle.seek(toOffset: UInt64(offset))
    return [UInt8](try handle.read(upToCount: count) ?? Data())
  }
}

/// Writes containers to files.
enum ContainerFile {
  static func write(_ container: APFSContainer, to url: URL) throws {
    let stream = container.makeStream()
    _ = FileManager.default.createFile(atPath: url.path, contents: nil)
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    var total: Int64 = 0
    while true {
      let count = try buffer.withUnsafeMutableBytes { try stream.read(into: $0) }
      if count == 0 { break }
      try handle.write(contentsOf: buffer[..<count])
      total += Int64(count)
    }
    #expect(total == container.byteCount)
  }
}
