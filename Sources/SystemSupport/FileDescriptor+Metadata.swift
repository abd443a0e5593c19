extension FileDescriptor {
  /// Sets the open file's permission bits (`fchmod`).
  ///
  /// - Throws: ``SystemError`` naming the file.
  package func setPermissions(_ permissions: mode_t) throws(SystemError) {
    guard fchmod(rawValue, permissions) == 0 else { throw SystemError("chmod", path: path) }
  }

  /// Sets the open file's access and modification times to `seconds` since 1970 (`futimens`).
  ///
  /// - Throws: ``SystemError`` naming the file.
  package func setModificationTime(seconds: Int64) throws(SystemError) {
    let result = Self.times(seconds).withUnsafeBufferPointer { futimens(rawValue, $0.baseAddress) }
    guard result == 0 else { throw SystemError("set the times of", path: path) }
  }

  /// The access and modification times `utimensat` and `futimens` take, both `seconds`.
  static func times(_ seconds: Int64) -> [timespec] {
    let time = timespec(tv_sec: Int(seconds), tv_nsec: 0)
    return [time, time]
  }
}
