package import Foundation
import SystemSupport

/// A copy of a bundle or file beside the original, to change freely and then swap in whole, so
/// that a failure never leaves the original half-changed (issue #18's failure paths).
///
/// The copy sits in the original's folder (`.App.app.shipyard-XXXX.tmp`), on the same volume,
/// so that swapping is a rename. Symbolic links stay links and permissions are kept. A *linked*
/// copy makes each regular file a hard link to the original's (folders and links are made
/// anew), for a caller that only ever replaces files in it and never writes into one: staging a
/// 300 MB bundle then writes no bytes. Where the volume refuses a link, that file is copied. An
/// *empty* one (``init(emptyBeside:)``) reserves the name only, for a caller that builds a new
/// item there to put in the target's place.
package struct StagingCopy {
  /// The original (the target, for an empty staging copy: it may not exist).
  package let original: URL
  /// The copy.
  package let copy: URL
  /// The copy's registration for removal on an interruption.
  private let ticket: InterruptionCleanup.Ticket

  /// Copies `original` beside itself.
  ///
  /// - Parameters:
  ///   - original: The bundle's folder or the file.
  ///   - linkingFiles: Whether regular files are hard links to the original's rather than
  ///     copies.
  /// - Throws: ``BundleError/stagingFailed(path:reason:)`` when the copy cannot be made (what
  ///   was copied is removed).
  init(of original: URL, linkingFiles: Bool = false) throws(BundleError) {
    self.original = original
    copy = URL(fileURLWithPath: AtomicOutputFile.temporarySibling(of: original.path))
    ticket = InterruptionCleanup.register(copy.path)
    do {
      if linkingFiles {
        try Self.linkTree(original.path, to: copy.path)
      } else {
        try FileManager.default.copyItem(at: original, to: copy)
      }
    } catch {
      InterruptionCleanup.settle(ticket) { InterruptionCleanup.removeTree(copy.path) }
      throw .stagingFailed(path: original.path, reason: "copying it failed: \(error)")
    }
  }

  /// Reserves a fresh name beside `target` (registered for removal on an interruption) and
  /// creates nothing: the caller makes the file or folder at ``copy``, then ``commit()`` puts it
  /// in the target's place (replacing what is there) or ``discard()`` removes it.
  package init(emptyBeside target: URL) {
    original = target
    copy = URL(fileURLWithPath: AtomicOutputFile.temporarySibling(of: target.path))
    ticket = InterruptionCleanup.register(copy.path)
  }

  /// Recreates the tree at `source` at `target`: folders with their permissions, symbolic links
  /// with their targets, regular files as hard links (copies where the volume refuses).
  private static func linkTree(_ source: String, to target: String) throws {
    guard let status = try FileStatus.of(source, followingLinks: false) else {
      throw SystemError("lstat", path: source, errorNumber: ENOENT)
    }
    switch status.kind {
    case .directory:
      guard mkdir(target, 0o700) == 0 else { throw SystemError("mkdir", path: target) }
      for name in try FolderListing.names(in: source) {
        try linkTree(source + "/" + name, to: target + "/" + name)
      }
      guard chmod(target, mode_t(status.permissions)) == 0 else {
        throw SystemError("chmod", path: target)
      }
    case .regular where link(source, target) == 0:
      return
    default:
      try FileManager.default.copyItem(atPath: source, toPath: target)
    }
  }

  /// Puts the copy in the original's place and removes the original.
  ///
  /// A file is renamed over the original in one step; a folder is first renamed aside (a folder
  /// cannot be renamed over another), then the copy into place, and the original is put back if
  /// that fails. No interruption falls between the renames, and one during the removal of the
  /// old folder removes the rest of it.
  ///
  /// - Throws: ``BundleError/stagingFailed(path:reason:)`` when a rename fails.
  package func commit() throws(BundleError) {
    guard (try? FileStatus.of(original.path, followingLinks: false))?.kind == .directory else {
      try InterruptionCleanup.settle(ticket) { () throws(BundleError) in
        try move(copy, to: original)
      }
      return
    }
    let aside = URL(fileURLWithPath: AtomicOutputFile.temporarySibling(of: original.path))
    let asideTicket = InterruptionCleanup.register(aside.path)
    let swapped = InterruptionCleanup.settle(ticket) { () -> BundleError? in
      do throws(BundleError) {
        try move(original, to: aside)
      } catch {
        return error
      }
      do throws(BundleError) {
        try move(copy, to: original)
      } catch {
        try? move(aside, to: original)
        return error
      }
      return nil
    }
    if let failure = swapped {
      InterruptionCleanup.unregister(asideTicket)
      throw failure
    }
    InterruptionCleanup.settle(asideTicket) { InterruptionCleanup.removeTree(aside.path) }
  }

  /// Removes the copy, leaving the original as it was.
  package func discard() {
    InterruptionCleanup.settle(ticket) { InterruptionCleanup.removeTree(copy.path) }
  }

  private func move(_ source: URL, to target: URL) throws(BundleError) {
    guard rename(source.path, target.path) == 0 else {
      let error = SystemError("rename \(source.path) to", path: target.path)
      throw .stagingFailed(path: original.path, reason: error.description)
    }
  }
}
