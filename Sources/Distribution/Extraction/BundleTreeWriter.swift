import Foundation
import SystemSupport
import VolumeInterface

/// Writes one app bundle read from a volume into a folder of its own, refusing every entry that
/// would land outside it.
///
/// Entries are written parents first, whatever order the volume lists them in. An entry's
/// parent must be a folder entry already written (so nothing is ever written through a symbolic
/// link), each name must be a plain name (not empty, `.` or `..`, no NUL), and no path may appear
/// twice. Files are created exclusively (`O_CREAT | O_EXCL`, which never follows a link);
/// permission bits are kept, less the set-ID and sticky bits; folders get theirs once their
/// items are written, so that a read-only folder can still be filled.
struct BundleTreeWriter {
  /// The image's path, for errors.
  let image: String
  /// The bundle's path on the volume, such as `/Hello.app`.
  let bundlePath: String
  /// Where the bundle goes; it must not exist yet.
  let destination: String
  /// The volume paths of the folders written so far.
  private var folders: Set<String> = []
  /// Every volume path written so far.
  private var written: Set<String> = []

  /// Makes a writer for the bundle at `bundlePath`, to be written at `destination`.
  init(image: String, bundlePath: String, destination: String) {
    self.image = image
    self.bundlePath = bundlePath
    self.destination = destination
  }

  /// The permission bits an extracted item keeps: read, write and execute for all.
  static let keptPermissions: UInt16 = 0o777

  /// Writes the bundle folder `root` and the `entries` inside it, with their contents from
  /// `volume`.
  mutating func write(root: VolumeEntry, entries: [VolumeEntry], from volume: any VolumeReader)
    throws(DMGAppExtractionError)
  {
    try makeFolder(destination)
    folders.insert(bundlePath)
    var made: [(path: String, mode: UInt16)] = [(destination, root.mode)]
    var items: [(entry: VolumeEntry, components: [String])] = []
    for entry in entries { items.append((entry, try relativeComponents(of: entry.path))) }
    for (entry, components) in items.sorted(by: { $0.components.count < $1.components.count }) {
      let parent = ([bundlePath] + components.dropLast()).joined(separator: "/")
      guard folders.contains(parent) else {
        throw .unsafeEntry(
          image: image, entry: entry.path,
          reason: "its parent \(parent) is not a folder of the bundle")
      }
      guard written.insert(entry.path).inserted else {
        throw .unsafeEntry(image: image, entry: entry.path, reason: "the path appears twice")
      }
      let target = ([destination] + components).joined(separator: "/")
      switch entry.kind {
      case .folder:
        try makeFolder(target)
        folders.insert(entry.path)
        made.append((target, entry.mode))
      case .symbolicLink:
        try makeLink(target, to: entry.linkTarget ?? "", entry: entry.path)
      case .file:
        try writeFile(target, entry: entry, from: volume)
      }
    }
    for (path, mode) in made.reversed() {
      guard chmod(path, mode_t(mode & Self.keptPermissions)) == 0 else {
        throw .writeFailed(path: path, reason: SystemError("chmod", path: path).description)
      }
    }
  }

  /// The names from the bundle folder down to the entry at `path`, each checked.
  func relativeComponents(of path: String) throws(DMGAppExtractionError) -> [String] {
    let relative = path.dropFirst(bundlePath.count + 1)
    let components = relative.split(separator: "/", omittingEmptySubsequences: false).map(
      String.init)
    for name in components where name.isEmpty || name == "." || name == ".." || name.contains("\0")
    {
      throw .unsafeEntry(
        image: image, entry: path,
        reason: "the name \(name.debugDescription) would leave the bundle or cannot be written")
    }
    return components
  }

  private func makeFolder(_ path: String) throws(DMGAppExtractionError) {
    guard mkdir(path, 0o700) == 0 else {
      throw .writeFailed(path: path, reason: SystemError("make folder", path: path).description)
    }
  }

  private func makeLink(_ path: String, to target: String, entry: String)
    throws(DMGAppExtractionError)
  {
    guard !target.contains("\0") else {
      throw .unsafeEntry(image: image, entry: entry, reason: "its link target holds a NUL")
    }
    guard symlink(target, path) == 0 else {
      throw .writeFailed(path: path, reason: SystemError("make link", path: path).description)
    }
  }

  /// The most of a file read from the volume at once: an app's multi-GiB resource is written
  /// in pieces of this size, so memory stays bounded by it.
  static let pieceSize = 8 << 20

  private func writeFile(_ path: String, entry: VolumeEntry, from volume: any VolumeReader)
    throws(DMGAppExtractionError)
  {
    let file: FileDescriptor
    do {
      file = try FileDescriptor.createExclusively(path, permissions: 0o600)
    } catch {
      throw .writeFailed(path: path, reason: "\(error)")
    }
    defer { file.close() }
    var offset: Int64 = 0
    while offset < entry.size {
      let piece: [UInt8]
      do {
        piece = try volume.contents(of: entry, at: offset, count: Self.pieceSize)
      } catch {
        throw .unreadableImage(image: image, reason: "\(entry.path): \(error)")
      }
      guard !piece.isEmpty else {
        throw .unreadableImage(
          image: image, reason: "\(entry.path): its data ends at byte \(offset) of \(entry.size)")
      }
      do {
        try piece.withUnsafeBytes { try file.writeAll($0) }
      } catch {
        throw .writeFailed(path: path, reason: "\(error)")
      }
      offset += Int64(piece.count)
    }
    guard fchmod(file.rawValue, mode_t(entry.mode & Self.keptPermissions)) == 0 else {
      throw .writeFailed(path: path, reason: SystemError("chmod", path: path).description)
    }
  }
}
