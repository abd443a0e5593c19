import Foundation
import SystemSupport
import VolumeInterface

/// Writes entries read from a volume into a folder that stands for the volume's root, refusing
/// every entry that would land outside it.
///
/// All entries are checked before anything is written (``checked(_:)``): a refused entry
/// leaves nothing behind. They are then written parents first, each through the descriptor of
/// the folder made for its parent (`mkdirat`, `openat` with `O_NOFOLLOW`, `symlinkat`), so that
/// nothing is ever written through a symbolic link, not even one the extraction itself made.
/// Files and links are made under a hidden temporary name, registered with
/// ``InterruptionCleanup``, and renamed into place once complete: no half-written file is ever
/// at an entry's name. Permission bits are kept, less the set-ID and sticky bits, and so are
/// modification times; a folder gets both once its items are written, so that a read-only
/// folder can still be filled.
struct VolumeTreeWriter {
  /// The image's path, for errors.
  let image: String
  /// The folder the volume's root stands for; made, with its parents, when missing.
  let destination: String
  /// Whether an item already at an entry's place is replaced (a file or a link) or written into
  /// (a folder), instead of being an error.
  let replacing: Bool

  /// The permission bits an extracted item keeps: read, write and execute for all.
  static let keptPermissions: UInt16 = 0o777

  /// The most of a file read from the volume at once: a multi-GiB file is written in pieces of
  /// this size, so memory stays bounded by it.
  static let pieceSize = 8 << 20

  /// An entry, checked, with its names from the volume's root.
  struct Item {
    let entry: VolumeEntry
    let names: [String]
  }

  /// A folder being filled: its names from the volume's root, its descriptor, its entry (none for
  /// the destination itself).
  private struct OpenFolder {
    let names: [String]
    let folder: FolderDescriptor
    let entry: VolumeEntry?
  }

  /// Checks `entries` and writes them, with their contents from `volume`.
  ///
  /// - Returns: The number of entries written.
  /// - Throws: ``DMGExtractionError/unsafeEntry(image:entry:reason:)`` before anything is
  ///   written, ``DMGExtractionError/writeFailed(path:reason:)`` or
  ///   ``DMGExtractionError/unreadableImage(image:reason:)`` while writing.
  @discardableResult
  func write(_ entries: [VolumeEntry], from volume: any VolumeReader) throws(DMGExtractionError)
    -> Int
  {
    let items = try checked(entries)
    let root = try openDestination()
    var open = [OpenFolder(names: [], folder: root, entry: nil)]
    defer { for folder in open { folder.folder.close() } }
    for item in items {
      let parent = Array(item.names.dropLast())
      while let top = open.last, top.names != parent, open.count > 1 {
        open.removeLast()
        try finish(top)
      }
      guard let folder = open.last?.folder, open.last?.names == parent else {
        throw unsafe(item.entry, "its parent is not a folder the extraction made")
      }
      let name = item.entry.name
      switch item.entry.kind {
      case .folder:
        let made = try makeFolder(named: name, in: folder)
        open.append(OpenFolder(names: item.names, folder: made, entry: item.entry))
      case .symbolicLink:
        try place(item.entry, named: name, in: folder) { temporary throws(SystemError) in
          try folder.makeLink(named: temporary, to: item.entry.linkTarget ?? "")
          try folder.setModificationTime(of: temporary, seconds: item.entry.modificationDate)
        }
      case .file:
        try place(item.entry, named: name, in: folder) { temporary throws(DMGExtractionError) in
          try writeFile(item.entry, named: temporary, in: folder, from: volume)
        }
      }
    }
    while open.count > 1, let top = open.popLast() { try finish(top) }
    return items.count
  }

  /// The entries in path order, each checked: a plain name (not empty, `.` or `..`, no `/` or
  /// NUL) at the end of its path, a parent that is a folder among the entries (or the root), a
  /// path that appears once, a link target without NUL.
  ///
  /// - Throws: ``DMGExtractionError/unsafeEntry(image:entry:reason:)`` for the first entry
  ///   that fails.
  func checked(_ entries: [VolumeEntry]) throws(DMGExtractionError) -> [Item] {
    var paths: Set<[UInt8]> = []
    var folders: Set<[UInt8]> = []
    for entry in entries {
      guard paths.insert(Array(entry.path.utf8)).inserted else {
        throw unsafe(entry, "the path appears twice")
      }
      if entry.kind == .folder { folders.insert(Array(entry.path.utf8)) }
    }
    var items: [Item] = []
    for entry in VolumeSelection.inPathOrder(entries) {
      let name = entry.name
      if name.isEmpty || name == "." || name == ".." || name.contains("/") || name.contains("\0") {
        throw unsafe(
          entry,
          "the name \(name.debugDescription) would leave the folder it is extracted into or "
            + "cannot be written")
      }
      let path = Array(entry.path.utf8)
      let ending = Array("/\(name)".utf8)
      guard path.count >= ending.count, path.suffix(ending.count).elementsEqual(ending) else {
        throw unsafe(entry, "its path does not end with its name \(name.debugDescription)")
      }
      let parent = Array(path.dropLast(ending.count))
      guard parent.isEmpty || folders.contains(parent) else {
        throw unsafe(
          entry, "its parent \(String(decoding: parent, as: UTF8.self)) is not a folder")
      }
      if entry.kind == .symbolicLink, entry.linkTarget?.contains("\0") == true {
        throw unsafe(entry, "its link target holds a NUL")
      }
      let names = entry.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
      items.append(Item(entry: entry, names: names.map(String.init)))
    }
    return items
  }

  // MARK: - Writing

  private func unsafe(_ entry: VolumeEntry, _ reason: String) -> DMGExtractionError {
    .unsafeEntry(image: image, entry: entry.path, reason: reason)
  }

  private static func failed(_ error: any Error, at path: String) -> DMGExtractionError {
    if let error = error as? DMGExtractionError { return error }
    return .writeFailed(path: path, reason: (error as? SystemError)?.reason ?? "\(error)")
  }

  /// The destination, made with its parents when missing, opened.
  private func openDestination() throws(DMGExtractionError) -> FolderDescriptor {
    do {
      try FileManager.default.createDirectory(
        atPath: destination, withIntermediateDirectories: true)
      return try FolderDescriptor.open(destination)
    } catch {
      throw Self.failed(error, at: destination)
    }
  }

  /// Makes the folder `name` in `folder` (owner-only until it is finished), or, when replacing,
  /// opens the folder already there.
  private func makeFolder(named name: String, in folder: FolderDescriptor)
    throws(DMGExtractionError) -> FolderDescriptor
  {
    let path = folder.path(of: name)
    do {
      return try folder.makeFolder(named: name, permissions: 0o700)
    } catch  where replacing && error.errorNumber == EEXIST {
      guard (try? folder.status(of: name))?.kind == .directory else {
        throw .writeFailed(path: path, reason: "it exists and is not a folder")
      }
      do {
        return try folder.openFolder(named: name)
      } catch {
        throw Self.failed(error, at: path)
      }
    } catch {
      throw Self.failed(error, at: path)
    }
  }

  /// Makes an item under a temporary name through `make`, then renames it to `name`; the
  /// temporary item is removed when anything fails, or when the run is interrupted.
  private func place<Failure: Error>(
    _ entry: VolumeEntry, named name: String, in folder: FolderDescriptor,
    _ make: (String) throws(Failure) -> Void
  ) throws(DMGExtractionError) {
    let temporary = ".shipyard-\(String(UInt64.random(in: 0...UInt64.max), radix: 36)).tmp"
    let path = folder.path(of: name)
    let ticket = InterruptionCleanup.register(folder.path(of: temporary))
    do {
      try make(temporary)
      if !replacing, try folder.status(of: name) != nil {
        throw DMGExtractionError.writeFailed(path: path, reason: "it exists already")
      }
      try InterruptionCleanup.settle(ticket) { () throws(SystemError) in
        try folder.rename(temporary, to: name)
      }
    } catch {
      InterruptionCleanup.settle(ticket) { folder.removeFile(named: temporary) }
      throw Self.failed(error, at: path)
    }
  }

  /// Writes the file's data from the volume, in pieces, then its permissions and time.
  private func writeFile(
    _ entry: VolumeEntry, named name: String, in folder: FolderDescriptor,
    from volume: any VolumeReader
  ) throws(DMGExtractionError) {
    let file: FileDescriptor
    do {
      file = try folder.createFile(named: name, permissions: 0o600)
    } catch {
      throw Self.failed(error, at: folder.path(of: name))
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
        throw Self.failed(error, at: folder.path(of: entry.name))
      }
      offset += Int64(piece.count)
    }
    do {
      try file.setPermissions(mode_t(entry.mode & Self.keptPermissions))
      try file.setModificationTime(seconds: entry.modificationDate)
    } catch {
      throw Self.failed(error, at: folder.path(of: entry.name))
    }
  }

  /// Gives a filled folder its permissions and time, and closes it.
  private func finish(_ open: OpenFolder) throws(DMGExtractionError) {
    defer { open.folder.close() }
    guard let entry = open.entry else { return }
    do {
      try open.folder.descriptor.setPermissions(mode_t(entry.mode & Self.keptPermissions))
      try open.folder.descriptor.setModificationTime(seconds: entry.modificationDate)
    } catch {
      throw Self.failed(error, at: open.folder.path)
    }
  }
}
