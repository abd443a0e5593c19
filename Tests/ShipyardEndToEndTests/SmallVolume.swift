import Foundation
import ShipyardTestSupport

/// A small tmpfs mounted on a folder, to fill up: for the tests of a full disk.
///
/// Mounting needs root and a kernel (or container) that allows it. Off CI a machine that refuses
/// skips the tests, saying why; under `CI=true` only a refusal of the kernel or container
/// (`EPERM`: not permitted, permission denied, must be superuser) skips them, and any other
/// failure (no `mount`, a bad option) fails them.
struct SmallVolume {
  /// The folder the volume is mounted on.
  let url: URL

  /// Mounts a tmpfs of `size` (`mount -o size=`, such as `2m`) on a new folder in `folder`.
  ///
  /// - Throws: ``ProcessFailure`` when `mount` fails.
  init(size: String, in folder: ScratchFolder) throws {
    url = folder.file("volume-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    try ProcessRunner.check("mount", ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", url.path])
  }

  /// Unmounts the volume and removes its folder.
  func remove() {
    _ = try? ProcessRunner.run("umount", [url.path])
    try? FileManager.default.removeItem(at: url)
  }

  /// The volume's free bytes.
  var freeBytes: Int64 {
    get throws {
      let attributes = try FileManager.default.attributesOfFileSystem(forPath: url.path)
      return (attributes[.systemFreeSize] as? NSNumber)?.int64Value ?? 0
    }
  }

  /// Fills the volume with `filler` until at most `left` bytes are free.
  func fill(leaving left: Int64) throws {
    let filler = url.appendingPathComponent("filler").path
    let kibibytes = max(0, (try freeBytes - left) / 1024)
    _ = try? ProcessRunner.run(
      "dd", ["if=/dev/zero", "of=\(filler)", "bs=1024", "count=\(kibibytes)", "status=none"])
  }

  /// Why the tests of a full disk cannot run here, or `nil` when a small tmpfs mounts.
  static let refusal: String? = {
    guard let folder = try? ScratchFolder() else { return "no scratch folder" }
    defer { folder.remove() }
    do {
      try SmallVolume(size: "1m", in: folder).remove()
      return nil
    } catch {
      return "mounting a tmpfs failed: \(error)"
    }
  }()

  /// Whether the refusal is the kernel's or the container's (not permitted), not a missing tool.
  static var refusedByTheSystem: Bool {
    guard let refusal else { return false }
    return ["not permitted", "permission denied", "must be superuser", "only root"].contains {
      refusal.lowercased().contains($0)
    }
  }

  /// Whether the tests of a full disk run: a tmpfs mounts, or CI runs them unless the system
  /// refused the mount.
  static var shouldRun: Bool { refusal == nil || (PeerPolicy.isCI && !refusedByTheSystem) }

  /// The skip message.
  static var skipReason: String {
    "\(refusal ?? "") (a small tmpfs is needed to fill up; under CI=true only a refusal of the "
      + "kernel or container skips)"
  }
}
