import Foundation
import SystemSupport

#if os(Linux)
import CXattr
#endif

/// Reads a directory tree from disk into ``SourceItem``s, without following symbolic links.
///
/// Finder info and resource forks come from the `com.apple.FinderInfo` and
/// `com.apple.ResourceFork` extended attributes (on Linux `user.com.apple.FinderInfo` and
/// `user.com.apple.ResourceFork`, where tools that copy from a Mac keep them).
package enum SourceScanner {
  /// Scans the file, folder or link at `path`.
  ///
  /// - Throws: ``StagingError`` for a missing path, an unreadable file, folder or link, Finder
  ///   info of the wrong size, or a kind of file disk images do not hold (devices, sockets,
  ///   pipes).
  package static func scan(_ path: String) throws(StagingError) -> SourceItem {
    try scan(SourcePath(path))
  }

  /// Scans the item at `origin`; the items of a folder share one copy of its path.
  static func scan(_ origin: SourcePath) throws(StagingError) -> SourceItem {
    let path = origin.string
    var info = stat()
    guard lstat(path, &info) == 0 else {
      throw .sourceReadFailed(
        path: path, reason: Platform.describe(errorNumber: Platform.lastErrorNumber))
    }
    let name = origin.folder == nil ? (path as NSString).lastPathComponent : origin.name
    var item = SourceItem(
      name: name, content: .data([]), permissions: UInt16(info.st_mode & 0o7777),
      modificationDate: modificationSeconds(of: info), origin: origin)
    switch info.st_mode & S_IFMT {
    case S_IFDIR:
      let names: [String]
      do {
        names = try FolderListing.names(in: path)
      } catch {
        throw .sourceReadFailed(path: error.path ?? path, reason: error.listingProblem)
      }
      let folder = SourcePath.Folder(path)
      var children: [SourceItem] = []
      children.reserveCapacity(names.count)
      for child in names.sorted() {
        children.append(try scan(SourcePath(child, in: folder)))
      }
      item.content = .folder(children)
    case S_IFREG:
      guard !mayBeUnreadable(info) || access(path, R_OK) == 0 else {
        throw .sourceReadFailed(
          path: path, reason: Platform.describe(errorNumber: Platform.lastErrorNumber))
      }
      item.content = .file(path: origin, size: Int64(info.st_size))
    case S_IFLNK:
      item.content = .symbolicLink(target: try linkTarget(of: path, size: Int(info.st_size)))
      return item
    default:
      throw .unsupportedSource(
        path: path, reason: "devices, sockets and pipes cannot go on a disk image")
    }
    for (name, value) in try extendedAttributes(of: path) {
      switch name {
      case SourceItem.finderInfoAttribute:
        guard value.count == SourceItem.finderInfoSize else {
          throw .unsupportedSource(
            path: path,
            reason:
              "its \(name) attribute has \(value.count) bytes; Finder info is \(SourceItem.finderInfoSize)"
          )
        }
        item.finderInfo = value
      case SourceItem.resourceForkAttribute where !item.isFolder:
        item.resourceFork = value
      default:
        item.extendedAttributes.append((name, value))
      }
    }
    return item
  }

  /// Whether reading the file needs asking the kernel (`access`): not for root, nor for the
  /// file's owner, whose read bit decides; group membership and ACLs are the kernel's to judge.
  /// (One system call less per file of a tree that is ours.)
  static func mayBeUnreadable(_ info: stat) -> Bool {
    let user = effectiveUser
    if user == 0 { return false }
    if info.st_uid == user { return info.st_mode & S_IRUSR == 0 }
    return true
  }

  /// The effective user ID, asked once (it does not change while a build runs).
  private static let effectiveUser = geteuid()

  /// The modification time's whole seconds (`st_mtim` on Linux, `st_mtimespec` on Darwin).
  static func modificationSeconds(of info: stat) -> Int64 {
    #if canImport(Darwin)
    Int64(info.st_mtimespec.tv_sec)
    #else
    Int64(info.st_mtim.tv_sec)
    #endif
  }

  /// A link's whole target, read with `readlink(2)` into a buffer sized from `lstat` (grown if
  /// the link changed in between), so no target is ever cut.
  static func linkTarget(of path: String, size: Int) throws(StagingError) -> String {
    var capacity = max(size, 255) + 1
    while true {
      var buffer = [CChar](repeating: 0, count: capacity)
      let length = readlink(path, &buffer, capacity)
      guard length >= 0 else {
        throw .sourceReadFailed(
          path: path,
          reason:
            "cannot read the symbolic link: \(Platform.describe(errorNumber: Platform.lastErrorNumber))"
        )
      }
      if length < capacity {
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      }
      capacity *= 2
    }
  }

  /// The item's extended attributes, sorted by name; on Linux, those of the `user.` namespace,
  /// without it.
  static func extendedAttributes(of path: String) throws(StagingError) -> [(
    name: String, value: [UInt8]
  )] {
    var result: [(name: String, value: [UInt8])] = []
    for fullName in try attributeNames(of: path) {
      #if os(Linux)
      guard fullName.hasPrefix("user.") else { continue }
      let name = String(fullName.dropFirst("user.".count))
      #else
      let name = fullName
      #endif
      guard let value = try attributeValue(fullName, of: path) else { continue }
      result.append((name, value))
    }
    return result.sorted { $0.name < $1.name }
  }

  private static func attributeNames(of path: String) throws(StagingError) -> [String] {
    #if os(Linux) || os(macOS)
    var names: [CChar] = []
    var listed = -1
    repeat {
      let size = listAttributes(path, nil, 0)
      guard size > 0 else { return [] }
      names = [CChar](repeating: 0, count: size)
      listed = listAttributes(path, &names, size)
    } while listed < 0 && errno == ERANGE
    guard listed > 0 else { return [] }
    return names[..<listed].split(separator: 0).map {
      String(decoding: $0.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    #else
    return []
    #endif
  }

  private static func attributeValue(_ name: String, of path: String) throws(StagingError)
    -> [UInt8]?
  {
    #if os(Linux) || os(macOS)
    while true {
      let length = getAttribute(path, name, nil, 0)
      guard length >= 0 else { return nil }  // removed since it was listed
      var value = [UInt8](repeating: 0, count: length)
      let read = getAttribute(path, name, &value, length)
      if read == length { return value }
      guard read < 0 && errno == ERANGE else {
        throw .sourceReadFailed(path: path, reason: "cannot read extended attribute \(name)")
      }
    }
    #else
    return nil
    #endif
  }

  #if os(Linux)
  private static func listAttributes(
    _ path: String, _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int
  )
    -> Int
  { llistxattr(path, buffer, size) }

  private static func getAttribute(
    _ path: String, _ name: String, _ buffer: UnsafeMutableRawPointer?, _ size: Int
  ) -> Int { lgetxattr(path, name, buffer, size) }
  #elseif os(macOS)
  private static func listAttributes(
    _ path: String, _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int
  )
    -> Int
  { listxattr(path, buffer, size, XATTR_NOFOLLOW) }

  private static func getAttribute(
    _ path: String, _ name: String, _ buffer: UnsafeMutableRawPointer?, _ size: Int
  ) -> Int { getxattr(path, name, buffer, size, 0, XATTR_NOFOLLOW) }
  #endif
}
