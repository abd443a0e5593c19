import Foundation
import ShipyardTestSupport
import SystemSupport
import Testing
import ToolingSupport

/// Output written behind: the bytes are unchanged, what lies two windows back has left the page
/// cache (on file systems that keep one), and descriptors that are not files are left alone.
@Suite struct WriteBehindTests {
  /// A MiB of varied bytes.
  static let pattern = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }

  /// One MiB that starts with its index, so a dropped or misplaced MiB reads back wrong.
  static func mebibyte(_ index: Int) -> [UInt8] {
    var bytes = pattern
    withUnsafeBytes(of: UInt64(index).littleEndian) { bytes.replaceSubrange(0..<8, with: $0) }
    return bytes
  }

  /// Writes `count` MiB to `descriptor` in order, telling `writeBehind` after each.
  static func write(mebibytes count: Int, to descriptor: FileDescriptor) throws {
    var writeBehind = WriteBehind()
    for index in 0..<count {
      try mebibyte(index).withUnsafeBytes { try descriptor.writeAll($0) }
      writeBehind.wrote(upTo: Int64(index + 1) << 20, in: descriptor)
    }
  }

  @Test func aLongOutputReadsBackWholeAndLeavesTheCacheBehindIt() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = scratch.path("output")
    let count = Int(WriteBehind.window >> 20) * 4
    let output = try FileDescriptor.createExclusively(path)
    try Self.write(mebibytes: count, to: output)
    output.close()

    let input = try FileDescriptor.openForReading(path)
    defer { input.close() }
    #if os(Linux)
    if try Self.dropsCachedPages(path) {
      // The first window was waited for and dropped two windows ago.
      let resident = try Self.residentFraction(of: input, bytes: Int(WriteBehind.window))
      #expect(resident < 0.1, "\(Int(resident * 100))% of the first window is still cached")
    }
    #endif
    for index in 0..<count {
      #expect(try input.read(at: Int64(index) << 20, count: 1 << 20) == Self.mebibyte(index))
    }
  }

  @Test func descriptorsThatAreNotFilesAreLeftAlone() throws {
    let null = try FileDescriptor.openForWriting("/dev/null")
    defer { null.close() }
    try Self.write(mebibytes: Int(WriteBehind.window >> 20) * 3, to: null)
  }

  #if os(Linux)
  /// Whether the file system holding `path` drops a file's clean pages when asked (ext4, XFS,
  /// Btrfs do; tmpfs pages are the file itself): a probe beside it is synced, dropped and looked at.
  static func dropsCachedPages(_ path: String) throws -> Bool {
    let probePath = path + ".probe"
    defer { unlink(probePath) }
    let probe = try FileDescriptor.createExclusively(probePath)
    defer { probe.close() }
    try mebibyte(0).withUnsafeBytes { try probe.writeAll($0) }
    try probe.synchronize()
    _ = posix_fadvise(probe.rawValue, 0, 0, Int32(POSIX_FADV_DONTNEED))
    let reader = try FileDescriptor.openForReading(probePath)
    defer { reader.close() }
    return try residentFraction(of: reader, bytes: 1 << 20) < 0.1
  }

  /// The fraction of the first `bytes` of the file that sit in the page cache (`mincore`).
  static func residentFraction(of file: FileDescriptor, bytes: Int) throws -> Double {
    let mapping = try #require(
      mmap(nil, bytes, PROT_READ, MAP_SHARED, file.rawValue, 0).flatMap {
        $0 == MAP_FAILED ? nil : $0
      })
    defer { munmap(mapping, bytes) }
    let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
    var pages = [UInt8](repeating: 0, count: (bytes + pageSize - 1) / pageSize)
    #expect(mincore(mapping, bytes, &pages) == 0)
    return Double(pages.filter { $0 & 1 == 1 }.count) / Double(pages.count)
  }
  #endif
}
