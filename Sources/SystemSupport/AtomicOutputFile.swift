/// Writes a file so that the target path holds either its old content or the complete new one,
/// never a half-written file.
///
/// The bytes go to a hidden temporary file in the target's folder, which is renamed over the
/// target only once everything was written. Targets that are not regular files (`/dev/null`, a
/// pipe, a terminal) are written in place, since renaming over them would replace the device.
/// The temporary file is registered with ``InterruptionCleanup``, so that an interrupted run
/// removes it too.
package enum AtomicOutputFile {
  /// Writes `path` through `body`, which receives the descriptor to write to.
  ///
  /// If `body` throws, the temporary file is removed and the target is left untouched. A new
  /// file gets `permissions` (less the umask) from its creation on: 0o600 keeps a secret from
  /// other users at every moment.
  package static func write<Result>(
    to path: String, permissions: mode_t = 0o666,
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
    let ticket = InterruptionCleanup.register(temporaryPath)
    let descriptor: FileDescriptor
    do {
      descriptor = try FileDescriptor.createExclusively(temporaryPath, permissions: permissions)
    } catch {
      InterruptionCleanup.unregister(ticket)
      throw error.about(path)
    }
    let result: Result
    do {
      defer { descriptor.close() }
      result = try body(descriptor)
    } catch let error as SystemError where error.path == temporaryPath {
      // The temporary file is an implementation detail: the error names the target.
      InterruptionCleanup.settle(ticket) { _ = unlink(temporaryPath) }
      throw error.about(path)
    } catch {
      InterruptionCleanup.settle(ticket) { _ = unlink(temporaryPath) }
      throw error
    }
    try InterruptionCleanup.settle(ticket) { () throws(SystemError) in
      guard rename(temporaryPath, path) == 0 else {
        let failure = SystemError("rename into", path: path)
        unlink(temporaryPath)
        throw failure
      }
    }
    return result
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
