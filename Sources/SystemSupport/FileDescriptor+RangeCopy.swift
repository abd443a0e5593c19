extension FileDescriptor {
  /// Appends exactly `count` bytes of `source`, from its offset `offset`, at this file's
  /// position: inside the kernel where it can (``appendCopy(of:at:count:)``), the rest through a
  /// buffer of at most `bufferSize` bytes, so a large range never sits in memory whole.
  ///
  /// - Throws: ``SystemError`` when a read or write fails, or when `source` ends before
  ///   `offset + count`.
  package func appendRange(
    of source: FileDescriptor, at offset: Int64, count: Int, bufferSize: Int = 1 << 20
  ) throws(SystemError) {
    var done = try appendCopy(of: source, at: offset, count: count)
    while done < count {
      let chunk = try source.read(at: offset + Int64(done), count: min(bufferSize, count - done))
      guard !chunk.isEmpty else {
        throw SystemError("read all of", path: source.path, errorNumber: EIO)
      }
      try writeAll(chunk[...])
      done += chunk.count
    }
  }

  /// Writes all of `bytes`, looping over short writes.
  package func writeAll(_ bytes: ArraySlice<UInt8>) throws(SystemError) {
    let result = bytes.withUnsafeBytes { buffer in
      Result { () throws(SystemError) in try writeAll(buffer) }
    }
    try result.get()
  }
}
