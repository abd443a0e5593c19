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
    var bytes = [UInt8](repeating: 0, count: count)
    var done = 0
    while done < count {
      let result = bytes.withUnsafeMutableBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return retryingOnInterrupt {
          pread(rawValue, base + done, count - done, off_t(offset) + off_t(done))
        }
      }
      guard result >= 0 else { throw SystemError("read", path: path) }
      if result == 0 { break }
      done += result
    }
    return Array(bytes[..<done])
  }
}
