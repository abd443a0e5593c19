/// Writes a file so that the target path holds either its old content or the complete new one,
/// never a half-written file.
///
/// The bytes go to a hidden temporary file in the target's folder, which is renamed over the
/// target only once everything was written. Targets that are not regular files (`/dev/null`, a
/// pipe, a terminal) are written in place, since renaming over them would replace the device.
package enum AtomicOutputFile {
  /// Writes `path` through `body`, which receives the descriptor to write to.
  ///
  /// If `body` throws, the temporary file is removed and the target is left untouched.
  package static func write<Result>(
    to path: String,
    _ body: (FileDescriptor) throws -> Result
  ) throws -> Result {
    if let status = try FileStatus.of(path), status.kind != .regular {
      if status.kind == .directory {
        throw SystemError("write to directory", path: path, errorNumber: EISDIR)
      }
      let descriptor = try FileDescriptor.openForWriting(path)
      defer { descriptor.close() }
      return try body(descriptor)
    }
    let temporaryPath = temporarySibling(of: path)
    let descriptor = try FileDescriptor.createExclusively(temporaryPath)
    do {
      let result = try body(descriptor)
      descriptor.close()
      guard rename(temporaryPath, path) == 0 else { throw SystemError("rename into", path: path) }
      return result
    } catch {
      descriptor.close()
      unlink(temporaryPath)
      throw error
    }
  }

  /// A fresh hidden name next to `path`: `dir/.name.shipyard-XXXXXXXX.tmp`.
  package static func temporarySibling(of path: String) -> String {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 36)
    return "\(folder).\(name).shipyard-\(suffix).tmp"
  }
}
