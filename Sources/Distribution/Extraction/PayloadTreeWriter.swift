import Foundation
import InstallerPackage
import SystemSupport

/// Writes the apps of an installer payload into a folder as the payload streams past: every
/// entry whose path passes through a folder named `*.app` (the first such folder is the app),
/// the folders above the app made on the way.
///
/// Nothing is written outside the folder or through a symbolic link, not even one the
/// extraction made: each item is reached from the folder's descriptor one name at a time with
/// `O_NOFOLLOW`, and made with `O_EXCL`, so a payload that names a path twice, or a path under a
/// link, is an error naming the entry. A folder's parents may come in any order; a folder is
/// made owner-only and gets its permission bits (keeping the owner's) once the payload ends.
/// Files and links keep their permission bits less the set-ID and sticky bits.
final class PayloadTreeWriter {
  /// The package's path, for errors.
  let package: String
  private let root: FolderDescriptor
  /// The folder last written into: its names and descriptor.
  private var parent: (names: [String], folder: FolderDescriptor)?
  /// The file whose bytes are passing: its path and descriptor.
  private var file: (path: String, descriptor: FileDescriptor)?
  /// The folders met, by names, with their permission bits.
  private var folders: [[String]: UInt16] = [:]
  /// The apps met, by names from the payload's root.
  private(set) var apps: Set<[String]> = []

  /// A writer into `destination`, an existing folder.
  init(package: String, destination: String) throws(PackageAppExtractionError) {
    self.package = package
    do {
      root = try FolderDescriptor.open(destination)
    } catch {
      throw .writeFailed(path: destination, reason: error.reason)
    }
  }

  deinit {
    file?.descriptor.close()
    parent?.folder.close()
    root.close()
  }

  /// The names of `path` below the payload's root and, when it lies in an app, how many of them
  /// lead to the app; `nil` for a path outside every app.
  static func appNames(_ path: String) -> (names: [String], appDepth: Int)? {
    let names = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
      .drop { $0 == "." }
    guard let app = names.firstIndex(where: { $0.hasSuffix(".app") && $0 != ".app" }) else {
      return nil
    }
    return (Array(names), app - names.startIndex + 1)
  }

  /// Takes a piece of the bytes of the file at `path`.
  func write(_ path: String, _ bytes: UnsafeRawBufferPointer) throws(PackageAppExtractionError) {
    if file?.path != path {
      guard let (names, _) = Self.appNames(path) else { return }
      try openFile(path, names)
    }
    guard let descriptor = file?.descriptor else { return }
    try attempt(path) { () throws(SystemError) in try descriptor.writeAll(bytes) }
  }

  /// Takes an entry whose bytes have passed.
  func finish(_ entry: PayloadEntry) throws(PackageAppExtractionError) {
    guard let (names, appDepth) = Self.appNames(entry.path) else { return }
    if names.count >= appDepth { apps.insert(Array(names.prefix(appDepth))) }
    let permissions = mode_t(entry.permissions & 0o777)
    switch entry.kind {
    case .folder:
      _ = try folder(names, entry: entry.path)
      folders[names] = entry.permissions & 0o777
    case .file:
      if file?.path != entry.path { try openFile(entry.path, names) }
      if let descriptor = file?.descriptor {
        try attempt(entry.path) { () throws(SystemError) in
          try descriptor.setPermissions(permissions)
        }
      }
      closeFile()
    case .symbolicLink(let target):
      guard !target.contains("\0") else { throw unsafe(entry.path, "its link target holds a NUL") }
      let folder = try folder(Array(names.dropLast()), entry: entry.path)
      try attempt(entry.path) { () throws(SystemError) in
        try folder.makeLink(named: names[names.count - 1], to: target)
      }
    case .special:
      throw unsafe(entry.path, "it is a device, FIFO or socket, which no app holds")
    }
  }

  /// Closes the last file and gives each folder its permission bits, deepest first.
  func close() throws(PackageAppExtractionError) {
    closeFile()
    parent?.folder.close()
    parent = nil
    for (names, permissions) in folders.sorted(by: { $0.key.count > $1.key.count }) {
      let path = names.joined(separator: "/")
      let folder = try folder(names, entry: path)
      try attempt(path) { () throws(SystemError) in
        try folder.descriptor.setPermissions(mode_t(permissions | 0o700))
      }
    }
  }

  // MARK: - Folders

  /// The folder at `names` below the root, made (owner-only) where missing, reached one name at
  /// a time without following a link.
  private func folder(_ names: [String], entry: String) throws(PackageAppExtractionError)
    -> FolderDescriptor
  {
    if names.isEmpty { return root }
    if let parent, parent.names == names { return parent.folder }
    for name in names where name.isEmpty || name == "." || name == ".." || name.contains("\0") {
      throw unsafe(entry, "the name \(name.debugDescription) would leave the app's folder")
    }
    var current = root
    for name in names {
      let next = try attempt(entry) { () throws(SystemError) in
        do throws(SystemError) {
          return try current.openFolder(named: name)
        } catch  where error.errorNumber == ENOENT {
          return try current.makeFolder(named: name, permissions: 0o700)
        }
      }
      if current.rawValue != root.rawValue { current.close() }
      current = next
    }
    parent?.folder.close()
    parent = (names, current)
    return current
  }

  /// Creates the file `path` (at `names`), whose bytes come next.
  private func openFile(_ path: String, _ names: [String]) throws(PackageAppExtractionError) {
    closeFile()
    let folder = try folder(Array(names.dropLast()), entry: path)
    file = (
      path,
      try attempt(path) { () throws(SystemError) in
        try folder.createFile(named: names[names.count - 1], permissions: 0o600)
      }
    )
  }

  private func closeFile() {
    file?.descriptor.close()
    file = nil
  }

  // MARK: - Errors

  private func unsafe(_ entry: String, _ reason: String) -> PackageAppExtractionError {
    .unsafeEntry(package: package, entry: entry, reason: reason)
  }

  /// Runs `work`, naming `entry` in the error it throws.
  private func attempt<T>(_ entry: String, _ work: () throws(SystemError) -> T)
    throws(PackageAppExtractionError) -> T
  {
    do {
      return try work()
    } catch {
      throw .unsafeEntry(package: package, entry: entry, reason: error.reason)
    }
  }
}
