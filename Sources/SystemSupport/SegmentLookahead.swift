#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The segments of a ``SegmentedByteStream`` taken a little ahead of it: the files among the
/// next few are opened and the kernel is asked to start reading them (`posix_fadvise`
/// `WILLNEED`, `F_RDADVISE` on Darwin), so that the disk fetches files while the stream's
/// reader compresses the ones before, instead of waiting on each small file in turn when the
/// tree is not in the page cache.
///
/// The window is small and bounded: at most ``segmentLimit`` segments, ``fileLimit`` files and
/// ``byteLimit`` bytes of them open ahead (always at least the next one), and only the start of each large file is
/// advised, since sequential reads bring in the rest. A file that cannot be opened ahead is
/// opened when the stream reaches it, which reports why.
struct SegmentLookahead {
  /// A file opened ahead, with its status when it was opened.
  struct OpenedFile {
    let descriptor: FileDescriptor
    let status: FileStatus
  }

  /// A segment of the window, with its file when one was opened ahead.
  struct Upcoming {
    let segment: SegmentedByteStream.Segment
    let file: OpenedFile?
  }

  /// The most files open ahead of the stream.
  static let fileLimit = 64
  /// The most bytes of files open ahead of the stream.
  static let byteLimit: Int64 = 8 << 20
  /// The most segments in the window, files or not.
  static let segmentLimit = 256
  /// How much of a file's start is advised.
  static let adviceLimit: Int64 = 1 << 20

  private var source: AnyIterator<SegmentedByteStream.Segment>
  private var window: [Upcoming] = []
  /// Where the window starts in `window` (taken entries are dropped in batches).
  private var head = 0
  private var filesAhead = 0
  private var bytesAhead: Int64 = 0
  private var sourceEnded = false

  init(_ source: AnyIterator<SegmentedByteStream.Segment>) {
    self.source = source
  }

  /// The next segment, and its file if it was opened ahead; nil after the last.
  mutating func next() -> Upcoming? {
    fill()
    guard head < window.count else { return nil }
    let upcoming = window[head]
    head += 1
    if head >= 256, head * 2 >= window.count {
      window.removeFirst(head)
      head = 0
    }
    if case .file(_, let length) = upcoming.segment, upcoming.file != nil {
      filesAhead -= 1
      bytesAhead -= length
    }
    return upcoming
  }

  /// Closes the files opened ahead that the stream never reached.
  mutating func closeAll() {
    for upcoming in window[head...] { upcoming.file?.descriptor.close() }
    window = []
    head = 0
  }

  /// Takes segments from the source until the window holds its files' worth.
  private mutating func fill() {
    while !sourceEnded,
      head == window.count
        || window.count - head < Self.segmentLimit && filesAhead < Self.fileLimit
          && bytesAhead < Self.byteLimit
    {
      guard let segment = source.next() else {
        sourceEnded = true
        return
      }
      if segment.length == 0 { continue }
      var file: OpenedFile?
      if case .file(let path, let length) = segment {
        file = Self.openAhead(path.string, length: length)
        if file != nil {
          filesAhead += 1
          bytesAhead += length
        }
      }
      window.append(Upcoming(segment: segment, file: file))
    }
  }

  /// The file at `path` opened and advised, or nil when it cannot be opened now.
  private static func openAhead(_ path: String, length: Int64) -> OpenedFile? {
    guard let descriptor = try? FileDescriptor.openForReading(path) else { return nil }
    guard let status = try? descriptor.status() else {
      descriptor.close()
      return nil
    }
    advise(descriptor, length: min(length, adviceLimit))
    return OpenedFile(descriptor: descriptor, status: status)
  }

  /// Asks the kernel to start reading the first `length` bytes of the file.
  private static func advise(_ descriptor: FileDescriptor, length: Int64) {
    #if canImport(Darwin)
    var advice = radvisory(ra_offset: 0, ra_count: Int32(length))
    _ = fcntl(descriptor.rawValue, F_RDADVISE, &advice)
    #else
    _ = posix_fadvise(descriptor.rawValue, 0, off_t(length), Int32(POSIX_FADV_WILLNEED))
    #endif
  }
}
