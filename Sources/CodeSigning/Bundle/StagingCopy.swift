import Foundation
import SystemSupport

/// A copy of a bundle or file beside the original, to change freely and then swap in whole, so
/// that a failure never leaves the original half-changed (issue #18's failure paths).
///
/// The copy sits in the original's folder (`.App.app.shipyard-XXXX.tmp`), on the same volume,
/// so that swapping is a rename. Symbolic links stay links and permissions are kept.
struct StagingCopy {
  /// The original.
  let original: URL
  /// The copy.
  let copy: URL

  /// Copies `original` beside itself.
  ///
  /// - Throws: ``BundleError/stagingFailed(path:reason:)`` when the copy cannot be made (what
  ///   was copied is removed).
  init(of original: URL) throws(BundleError) {
    self.original = original
    copy = URL(fileURLWithPath: AtomicOutputFile.temporarySibling(of: original.path))
    do {
      try FileManager.default.copyItem(at: original, to: copy)
    } catch {
      try? FileManager.default.removeItem(at: copy)
      throw .stagingFailed(path: original.path, reason: "copying it failed: \(error)")
    }
  }

  /// Puts the copy in the original's place and removes the original.
  ///
  /// A file is renamed over the original in one step; a folder is first renamed aside (a folder
  /// cannot be renamed over another), then the copy into place, and the original is put back if
  /// that fails.
  ///
  /// - Throws: ``BundleError/stagingFailed(path:reason:)`` when a rename fails.
  func commit() throws(BundleError) {
    guard (try? FileStatus.of(original.path, followingLinks: false))?.kind == .directory else {
      try move(copy, to: original)
      return
    }
    let aside = URL(fileURLWithPath: AtomicOutputFile.temporarySibling(of: original.path))
    try move(original, to: aside)
    do {
      try move(copy, to: original)
    } catch {
      try? move(aside, to: original)
      throw error
    }
    try? FileManager.default.removeItem(at: aside)
  }

  /// Removes the copy, leaving the original as it was.
  func discard() { try? FileManager.default.removeItem(at: copy) }

  private func move(_ source: URL, to target: URL) throws(BundleError) {
    guard rename(source.path, target.path) == 0 else {
      let error = SystemError("rename \(source.path) to", path: target.path)
      throw .stagingFailed(path: original.path, reason: error.description)
    }
  }
}
