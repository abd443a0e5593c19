#if os(Linux)
import CTIFF
import Glibc

/// A TIFF file in memory, for libtiff's client I/O: bytes and a position, grown as libtiff
/// writes and seeks past the end.
final class TIFFMemoryFile {
  /// The file's bytes.
  private(set) var bytes: [UInt8]
  private var position = 0

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// libtiff's handle on this file, or `nil` if libtiff refuses it.
  ///
  /// Its error handlers keep the first error in `messages` and print nothing. The file must
  /// outlive the handle.
  func open(mode: String, messages: UnsafeMutablePointer<shipyard_tiff_messages>) -> OpaquePointer?
  {
    let options = shipyard_tiff_quiet_options(messages)
    defer { TIFFOpenOptionsFree(options) }
    return TIFFClientOpenExt(
      "background.tiff", mode, Unmanaged.passUnretained(self).toOpaque(),
      { handle, buffer, size in
        tmsize_t(TIFFMemoryFile.from(handle)?.read(into: buffer, count: Int(size)) ?? -1)
      },
      { handle, buffer, size in
        tmsize_t(TIFFMemoryFile.from(handle)?.write(from: buffer, count: Int(size)) ?? -1)
      },
      { handle, offset, whence in
        TIFFMemoryFile.from(handle)?.seek(to: offset, whence: whence) ?? UInt64.max
      },
      { _ in 0 },
      { handle in UInt64(TIFFMemoryFile.from(handle)?.bytes.count ?? 0) },
      { _, _, _ in 0 },
      { _, _, _ in },
      options)
  }

  static func from(_ handle: UnsafeMutableRawPointer?) -> TIFFMemoryFile? {
    handle.map { Unmanaged<TIFFMemoryFile>.fromOpaque($0).takeUnretainedValue() }
  }

  func read(into buffer: UnsafeMutableRawPointer?, count: Int) -> Int {
    guard let buffer, count >= 0 else { return -1 }
    let available = max(0, min(count, bytes.count - position))
    bytes.withUnsafeBytes { source in
      if let base = source.baseAddress, available > 0 {
        buffer.copyMemory(from: base + position, byteCount: available)
      }
    }
    position += available
    return available
  }

  func write(from buffer: UnsafeMutableRawPointer?, count: Int) -> Int {
    guard let buffer, count >= 0 else { return -1 }
    let source = UnsafeRawBufferPointer(start: buffer, count: count)
    if position > bytes.count { bytes += [UInt8](repeating: 0, count: position - bytes.count) }
    let overlap = min(count, bytes.count - position)
    bytes.replaceSubrange(position..<(position + overlap), with: source.prefix(overlap))
    bytes += source.dropFirst(overlap)
    position += count
    return count
  }

  func seek(to offset: UInt64, whence: Int32) -> UInt64 {
    let base =
      switch whence {
      case SEEK_CUR: position
      case SEEK_END: bytes.count
      default: 0
      }
    let target = base + Int(truncatingIfNeeded: Int64(bitPattern: offset))
    guard target >= 0 else { return UInt64.max }
    position = target
    return UInt64(target)
  }
}
#endif
