/// An open file descriptor with throwing, `EINTR`-safe reads and writes.
///
/// It does not close itself: call ``close()`` (usually in a `defer`).
package struct FileDescriptor: Sendable {
  /// The raw descriptor.
  package let rawValue: Int32
  /// The path it was opened from, for error messages.
  package let path: String

  package init(rawValue: Int32, path: String) {
    self.rawValue = rawValue
    self.path = path
  }

  /// Standard output.
  package static let standardOutput = FileDescriptor(rawValue: 1, path: "standard output")
  /// Standard error.
  package static let standardError = FileDescriptor(rawValue: 2, path: "standard error")
  /// Standard input.
  package static let standardInput = FileDescriptor(rawValue: 0, path: "standard input")

  /// Opens an existing file for reading.
  package static func openForReading(_ path: String) throws(SystemError) -> FileDescriptor {
    let fd = retryingOnInterrupt { open(path, O_RDONLY | O_CLOEXEC) }
    guard fd >= 0 else { throw SystemError("open", path: path) }
    return FileDescriptor(rawValue: fd, path: path)
  }

  /// Creates a new file for writing; fails if it exists.
  package static func createExclusively(
    _ path: String,
    permissions: mode_t = 0o666
  ) throws(SystemError) -> FileDescriptor {
    let fd = retryingOnInterrupt {
      open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions)
    }
    guard fd >= 0 else { throw SystemError("create", path: path) }
    return FileDescriptor(rawValue: fd, path: path)
  }

  /// Opens an existing file (or device) for writing, truncating regular files.
  package static func openForWriting(_ path: String) throws(SystemError) -> FileDescriptor {
    let fd = retryingOnInterrupt { open(path, O_WRONLY | O_TRUNC | O_CLOEXEC) }
    guard fd >= 0 else { throw SystemError("open", path: path) }
    return FileDescriptor(rawValue: fd, path: path)
  }

  /// Reads up to `buffer.count` bytes; returns 0 at the end of the file.
  package func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
    guard let base = buffer.baseAddress, !buffer.isEmpty else { return 0 }
    let count = retryingOnInterrupt { systemRead(rawValue, base, buffer.count) }
    guard count >= 0 else { throw SystemError("read", path: path) }
    ReadAccounting.record(count, from: path)
    return count
  }

  /// Writes all of `buffer`, looping over short writes.
  package func writeAll(_ buffer: UnsafeRawBufferPointer) throws(SystemError) {
    guard var base = buffer.baseAddress else { return }
    var remaining = buffer.count
    while remaining > 0 {
      let written = retryingOnInterrupt { systemWrite(rawValue, base, remaining) }
      guard written > 0 else { throw SystemError("write", path: path) }
      base += written
      remaining -= written
    }
  }

  /// The file's status (`fstat`).
  package func status() throws(SystemError) -> FileStatus {
    var info = stat()
    guard fstat(rawValue, &info) == 0 else { throw SystemError("stat", path: path) }
    return FileStatus(info)
  }

  /// Flushes the file to stable storage.
  package func synchronize() throws(SystemError) {
    guard fsync(rawValue) == 0 else { throw SystemError("sync", path: path) }
  }

  /// Closes the descriptor.
  package func close() {
    _ = systemClose(rawValue)
  }
}

/// Repeats a system call while it fails with `EINTR`.
package func retryingOnInterrupt<T: BinaryInteger>(_ call: () -> T) -> T {
  while true {
    let result = call()
    if result >= 0 || errno != EINTR { return result }
  }
}

// The C functions have the same names as our methods; these aliases make the calls unambiguous.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(fd, buffer, count)
}

private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(fd, buffer, count)
}

private func systemClose(_ fd: Int32) -> Int32 {
  close(fd)
}

extension FileDescriptor {
  /// Reads up to `count` bytes at `offset` without moving the file position (`pread`).
  package func read(at offset: Int64, count: Int) throws(SystemError) -> [UInt8] {
    var failure: SystemError?
    let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      guard let base = buffer.baseAddress else { return }
      while initialized < count {
        let done = initialized
        let result = retryingOnInterrupt {
          pread(rawValue, base + done, count - done, off_t(offset) + off_t(done))
        }
        guard result > 0 else {
          if result < 0 { failure = SystemError("read", path: path) }
          return
        }
        initialized += result
      }
    }
    if let failure { throw failure }
    ReadAccounting.record(bytes.count, from: path)
    return bytes
  }

  /// Appends up to `count` bytes of `source`, from its offset `offset`, at this file's position,
  /// copied inside the kernel (`copy_file_range`) without passing through memory.
  ///
  /// - Returns: The bytes copied: fewer than `count` (maybe 0) when the kernel cannot copy
  ///   between these files (another volume, a file system without the call, a system other
  ///   than Linux), the rest then being the caller's to write.
  /// - Throws: ``SystemError`` when a copy fails for another reason.
  package func appendCopy(of source: FileDescriptor, at offset: Int64, count: Int)
    throws(SystemError) -> Int
  {
    #if os(Linux)
    guard let copyFileRange = Self.copyFileRange else { return 0 }
    var sourceOffset = off_t(offset)
    var copied = 0
    while copied < count {
      let result = retryingOnInterrupt {
        copyFileRange(source.rawValue, &sourceOffset, rawValue, nil, count - copied, 0)
      }
      if result == 0 { break }
      guard result > 0 else {
        if [EXDEV, EINVAL, ENOSYS, EOPNOTSUPP, EBADF].contains(errno) { break }
        throw SystemError("copy into", path: path)
      }
      copied += result
    }
    return copied
    #else
    return 0
    #endif
  }

  #if os(Linux)
  /// glibc's `copy_file_range`, looked up at run time: the C library declares it only under
  /// `_GNU_SOURCE`, which Swift's import of it does not set.
  private static let copyFileRange:
    (
      @convention(c) (
        Int32, UnsafeMutablePointer<off_t>?, Int32, UnsafeMutablePointer<off_t>?, Int, UInt32
      ) -> Int
    )? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "copy_file_range").map {
      unsafeBitCast(
        $0,
        to: (@convention(c) (
          Int32, UnsafeMutablePointer<off_t>?, Int32, UnsafeMutablePointer<off_t>?, Int, UInt32
        ) -> Int).self)
    }
  #endif
}
