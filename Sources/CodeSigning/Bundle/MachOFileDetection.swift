package import SystemSupport

/// Tells Mach-O files from data by their first eight bytes, as the bundle scan must: every
/// Mach-O file in a bundle is signed, wherever it lies (reference §10).
package enum MachOFileDetection {
  /// Whether the regular file at `path` is Mach-O, thin or universal, by
  /// ``MachOFile/isMachO(prefix:)``.
  ///
  /// - Throws: ``SystemError`` when it cannot be opened or read.
  package static func isMachO(at path: String) throws(SystemError) -> Bool {
    try kind(at: path) == .machO
  }

  /// What the regular file at `path` is, by its first eight bytes.
  ///
  /// - Throws: ``SystemError`` when it cannot be opened or read.
  package static func kind(at path: String) throws(SystemError) -> CodeFileKind {
    let descriptor = try FileDescriptor.openForReading(path)
    defer { descriptor.close() }
    return CodeFileKind(prefix: try descriptor.read(at: 0, count: 8))
  }
}
