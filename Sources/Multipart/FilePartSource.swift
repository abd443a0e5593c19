import SystemSupport

/// Streams a file part from disk, holding the file to the length recorded when it was added.
struct FilePartSource: MultipartByteSource {
  private let descriptor: FileDescriptor

  init(path: String) throws(SystemError) {
    descriptor = try FileDescriptor.openForReading(path)
  }

  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    try descriptor.read(into: buffer)
  }

  /// The file's size now, to notice a file that grew or shrank while it was encoded.
  func currentSize() throws -> Int64 {
    try descriptor.status().size
  }

  func close() {
    descriptor.close()
  }

  /// Checks that `path` is a readable regular file and returns its size.
  static func checkedLength(ofFileAt path: String, field: String) throws(MultipartEncodingError)
    -> Int64
  {
    let context = MultipartEncodingError.context(field: field)
    let status: FileStatus?
    do {
      status = try FileStatus.of(path)
    } catch {
      throw MultipartEncodingError(.fileNotReadable, "\(error)\(context)")
    }
    guard let status else {
      throw MultipartEncodingError(.fileNotFound, "file not found: \(path)\(context)")
    }
    guard status.kind == .regular else {
      let kind = status.kind == .directory ? "a directory" : "not a regular file"
      throw MultipartEncodingError(
        .fileNotReadable, "cannot upload \(path): it is \(kind)\(context)")
    }
    guard access(path, R_OK) == 0 else {
      throw MultipartEncodingError(
        .fileNotReadable,
        "cannot read \(path): \(Platform.describe(errorNumber: Platform.lastErrorNumber))\(context)"
      )
    }
    return status.size
  }
}
