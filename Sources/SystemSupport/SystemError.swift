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

  /// A sentence such as `cannot open /x/y: No such file or directory`.
  package var description: String {
    let reason = Platform.describe(errorNumber: errorNumber)
    if let path { return "cannot \(operation) \(path): \(reason)" }
    return "cannot \(operation): \(reason)"
  }

  /// Whether the error means the path does not exist.
  package var isNoSuchFile: Bool { errorNumber == ENOENT }
}
