package import SystemSupport

/// Where a ``ZipWriter`` puts its bytes: appended in order, with the few patches a streamed
/// entry needs once its CRC-32 and compressed size are known, and a cut back to an entry's data
/// when deflate does not pay and the entry is stored instead.
package protocol ZipOutput: AnyObject {
  /// The number of bytes written so far: the next byte's offset.
  var offset: Int64 { get }
  /// Appends `bytes`.
  func append(_ bytes: UnsafeRawBufferPointer) throws
  /// Overwrites bytes already written, at `offset`.
  func set(_ bytes: [UInt8], at offset: Int64) throws
  /// Drops everything from `offset` on; the next byte goes there.
  func truncate(to offset: Int64) throws
}

/// A ``ZipOutput`` over an open file (`pwrite` for patches, `ftruncate` for cuts), such as the
/// temporary file of an ``AtomicOutputFile``.
package final class FileZipOutput: ZipOutput {
  let descriptor: FileDescriptor
  package private(set) var offset: Int64 = 0

  /// Writes to `descriptor` from its start; the file must be empty and seekable.
  package init(_ descriptor: FileDescriptor) { self.descriptor = descriptor }

  package func append(_ bytes: UnsafeRawBufferPointer) throws {
    try descriptor.writeAll(bytes)
    offset += Int64(bytes.count)
  }

  package func set(_ bytes: [UInt8], at offset: Int64) throws {
    var done = 0
    while done < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        guard let base = buffer.baseAddress else { return 0 }
        return retryingOnInterrupt {
          pwrite(descriptor.rawValue, base + done, bytes.count - done, off_t(offset) + off_t(done))
        }
      }
      guard written > 0 else { throw SystemError("write", path: descriptor.path) }
      done += written
    }
  }

  package func truncate(to offset: Int64) throws {
    guard ftruncate(descriptor.rawValue, off_t(offset)) == 0,
      lseek(descriptor.rawValue, off_t(offset), SEEK_SET) == off_t(offset)
    else { throw SystemError("truncate", path: descriptor.path) }
    self.offset = offset
  }
}

/// A ``ZipOutput`` in memory, for archives small enough to hold (and for tests).
package final class MemoryZipOutput: ZipOutput {
  /// The archive's bytes so far.
  package private(set) var bytes: [UInt8] = []
  package var offset: Int64 { Int64(bytes.count) }

  /// Makes an empty output.
  package init() {}

  package func append(_ bytes: UnsafeRawBufferPointer) throws { self.bytes += bytes }

  package func set(_ bytes: [UInt8], at offset: Int64) throws {
    self.bytes.replaceSubrange(Int(offset)..<Int(offset) + bytes.count, with: bytes)
  }

  package func truncate(to offset: Int64) throws { bytes.removeSubrange(Int(offset)...) }
}
