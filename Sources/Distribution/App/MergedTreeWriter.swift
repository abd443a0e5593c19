import CodeSigning
import Foundation
import SystemSupport

/// Writes a universal merge's actions (``AppTreePairing/Action``) under a new root: folders,
/// links, files copied from either app and universal binaries, each with its permission bits.
///
/// Files are copied inside the kernel where it can (`copy_file_range`), else a megabyte at a
/// time. Folders are made writable first and given their own permissions last, deepest first, so
/// that a read-only folder in an app does not stop its content from being written.
struct MergedTreeWriter {
  /// Each app's folder (or file).
  let roots: [UniversalAppMerge.Side: String]
  /// Where the output's root goes (it must not exist).
  let root: String

  /// Writes every action, in order.
  ///
  /// - Throws: ``SystemError`` when a file or folder cannot be made, read or written.
  func write(
    _ actions: [AppTreePairing.Action], progress: (Int, Int) -> Void = { _, _ in }
  ) throws(SystemError) {
    var folders: [(path: String, permissions: UInt32)] = []
    for (index, action) in actions.enumerated() {
      defer { progress(index + 1, actions.count) }
      switch action {
      case .folder(let path, let permissions):
        let target = location(path)
        guard mkdir(target, 0o700) == 0 else { throw SystemError("mkdir", path: target) }
        folders.append((target, permissions))
      case .link(let path, let destination):
        let target = location(path)
        guard symlink(destination, target) == 0 else { throw SystemError("symlink", path: target) }
      case .copy(let path, let side, let permissions):
        try writeFile(path, permissions: permissions) { output throws(SystemError) in
          let source = (roots[side] ?? "") + (path.isEmpty ? "" : "/" + path)
          let input = try FileDescriptor.openForReading(source)
          defer { input.close() }
          let size = try input.status().size
          try output.appendRange(of: input, at: 0, count: Int(size))
        }
      case .merge(let path, let plan, let permissions):
        try writeFile(path, permissions: permissions) { output throws(SystemError) in
          try plan.write(to: output)
        }
      }
    }
    for folder in folders.reversed() where chmod(folder.path, mode_t(folder.permissions)) != 0 {
      throw SystemError("chmod", path: folder.path)
    }
  }

  private func location(_ path: String) -> String {
    path.isEmpty ? root : root + "/" + path
  }

  /// Creates the file at `path`, fills it through `body` and gives it `permissions`.
  private func writeFile(
    _ path: String, permissions: UInt32, _ body: (FileDescriptor) throws(SystemError) -> Void
  ) throws(SystemError) {
    let target = location(path)
    let output = try FileDescriptor.createExclusively(target, permissions: 0o600)
    defer { output.close() }
    try body(output)
    guard fchmod(output.rawValue, mode_t(permissions)) == 0 else {
      throw SystemError("chmod", path: target)
    }
  }
}
