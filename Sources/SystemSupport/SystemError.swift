/// A failed system call: what was being done, to which path, and the C error behind it.
package struct SystemError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What was being done, such as "open" or "read".
  package let operation: String
  /// The file the call was about, if any.
  package let path: String?
  /// The C error number (`errno`).
  package let errorNumber: Int32

  package init(
    _ operation: String, path: String? = nil, errorNumber: Int32 = Platform.lastErrorNumber
  ) {
    self.operation = operation
    self.path = path
    self.errorNumber = errorNumber
  }

  /// A sentence such as `cannot open /x/y: No such file or directory`; a full disk is named as
  /// such (`… No space left on device (ENOSPC: the disk is full)`).
  package var description: String {
    if let path { return "cannot \(operation) \(path): \(reason)" }
    return "cannot \(operation): \(reason)"
  }

  /// The C error's words, such as `No such file or directory`; a full disk is named as such.
  package var reason: String {
    let words = Platform.describe(errorNumber: errorNumber)
    if errorNumber == ENOSPC { return words + " (ENOSPC: the disk is full)" }
    if errorNumber == EDQUOT { return words + " (EDQUOT: the disk quota is used up)" }
    return words
  }

  /// The same error about `path` instead.
  package func about(_ path: String) -> SystemError {
    SystemError(operation, path: path, errorNumber: errorNumber)
  }

  /// The same error with its path under `folder` moved under `replacement`: an error in a
  /// staging copy, told about the original it stands for.
  package func relocated(from folder: String, to replacement: String) -> SystemError {
    guard let path, path == folder || path.hasPrefix(folder + "/") else { return self }
    return about(replacement + path.dropFirst(folder.count))
  }

  /// Whether the error means the path does not exist.
  package var isNoSuchFile: Bool { errorNumber == ENOENT }
}
