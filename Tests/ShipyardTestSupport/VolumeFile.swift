package import Foundation
package import SystemSupport

/// A raw volume or container file, read back through ``RandomAccessByteSource``.
package struct FileBytes: RandomAccessByteSource {
  /// The open file.
  package let handle: FileHandle

  /// Reads through `handle`.
  package init(handle: FileHandle) {
    self.handle = handle
  }

  /// The bytes at `offset`; fewer past the end.
  package func read(at offset: Int64, count: Int) throws -> [UInt8] {
    try handle.seek(toOffset: UInt64(offset))
    return [UInt8](try handle.read(upToCount: count) ?? Data())
  }
}

/// A volume or container held in memory, read through ``RandomAccessByteSource``.
package typealias MemoryBytes = MemoryByteSource

/// Writes a volume's stream to a file, as the image writer would read it.
package enum VolumeFile {
  /// All of `stream`'s bytes, read 64 KiB at a time.
  package static func bytes(of stream: some SequentialByteSource) throws -> [UInt8] {
    var stream = stream
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = try buffer.withUnsafeMutableBytes { try stream.read(into: $0) }
      if count == 0 { return bytes }
      bytes += buffer[..<count]
    }
  }

  /// Writes `stream` to `url`; returns the number of bytes written.
  @discardableResult
  package static func write(_ stream: some SequentialByteSource, to url: URL) throws -> Int64 {
    var stream = stream
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
    return total
  }
}

/// A small app-like tree on disk for the file systems' round trips: an executable, a plist, an
/// empty file and a relative link.
package enum SampleTree {
  /// Writes the tree to `src` in `folder`; returns its URL.
  package static func write(in folder: ScratchFolder) throws -> URL {
    let source = folder.file("src")
    try FileManager.default.createDirectory(
      at: source.appendingPathComponent("Hello.app/Contents/MacOS"),
      withIntermediateDirectories: true)
    try folder.write(
      Array("#!/bin/sh\necho hello\n".utf8), to: "src/Hello.app/Contents/MacOS/Hello")
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o755], ofItemAtPath: folder.path("src/Hello.app/Contents/MacOS/Hello"))
    try folder.write(Array("<plist/>".utf8), to: "src/Hello.app/Contents/Info.plist")
    try folder.write([], to: "src/empty")
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("src/link"), withDestinationPath: "Hello.app/Contents")
    return source
  }
}
