package import SystemSupport

/// Keeps a long sequential write from filling memory with its own pages.
///
/// Without it, every byte of a multi-GiB image stays in the page cache as a dirty page until
/// the kernel's thresholds force it out: memory fills, other programs' cached files are
/// evicted, and each new page costs more to find (on virtual machines whose idle memory goes
/// back to the host, a fresh page costs most), so a 6 GiB image builds slower per byte than a
/// 256 MiB one. Instead, once a ``window`` of output is written, the kernel is asked to start
/// writing it to disk (`sync_file_range`); when the next window is done, the one before it is
/// waited for, which has had a window's time to reach the disk, and its pages are dropped from
/// the cache (`posix_fadvise` `DONTNEED`). The output's footprint stays at about two windows,
/// and the pages dropped are the ones the next writes reuse.
///
/// It is advice: the bytes written are the same, and where the calls are missing (systems other
/// than Linux) or refused (a pipe, `/dev/null`, a terminal) it does nothing. An image smaller
/// than a window is never touched, so small outputs stay cached for the command that reads
/// them next.
package struct WriteBehind {
  /// How much output is written between requests to the kernel.
  package static let window: Int64 = 32 << 20

  /// The end of the range whose writing to disk was requested last.
  private var requested: Int64 = 0
  /// The end of the range already dropped from the cache.
  private var dropped: Int64 = 0
  /// False once the kernel refused, or where the calls do not exist.
  private var enabled = true

  package init() {}

  /// Notes that the file now holds `offset` bytes written in order from its start, and passes
  /// what is due to the kernel.
  package mutating func wrote(upTo offset: Int64, in descriptor: FileDescriptor) {
    #if os(Linux)
    guard enabled, offset - requested >= Self.window else { return }
    guard Self.sync(descriptor, requested..<offset, Self.write) else {
      enabled = false
      return
    }
    if requested > dropped {
      let waitAndWrite = Self.waitBefore | Self.write | Self.waitAfter
      if Self.sync(descriptor, dropped..<requested, waitAndWrite) {
        _ = posix_fadvise(
          descriptor.rawValue, off_t(dropped), off_t(requested - dropped),
          Int32(POSIX_FADV_DONTNEED))
      }
      dropped = requested
    }
    requested = offset
    #endif
  }

  #if os(Linux)
  // <linux/fs.h>: the flags of sync_file_range(2), which Glibc's module does not export.
  private static let waitBefore: UInt32 = 1
  private static let write: UInt32 = 2
  private static let waitAfter: UInt32 = 4

  /// `sync_file_range` of `range` with `flags`; whether the kernel took it.
  private static func sync(_ descriptor: FileDescriptor, _ range: Range<Int64>, _ flags: UInt32)
    -> Bool
  {
    guard let syncFileRange else { return false }
    return syncFileRange(
      descriptor.rawValue, off_t(range.lowerBound), off_t(range.count), flags) == 0
  }

  private typealias SyncFileRange = @convention(c) (Int32, off_t, off_t, UInt32) -> Int32

  /// `sync_file_range`, looked up at run time since the C library's module does not export it.
  private static let syncFileRange: SyncFileRange? = dlsym(
    UnsafeMutableRawPointer(bitPattern: 0), "sync_file_range"
  ).map { unsafeBitCast($0, to: SyncFileRange.self) }
  #endif
}
