import Foundation
import SystemSupport

#if os(Linux)
import CXattr
#endif

/// Reads a directory tree from disk into ``SourceItem``s, without following symbolic links.
package enum SourceScanner {
  /// Scans the file, folder or link at `path`.
  ///
  /// - Throws: ``HFSPlusError`` for a missing path, an unreadable file or folder, or a kind of
  ///   file HFS+ images do not hold (devices, sockets, pipes).
  package static func scan(_ path: String) throws(HFSPlusError) -> SourceItem {
    var info = stat()
    guard lstat(path, &info) == 0 else {
      throw .sourceReadFailed(
        path: path, reason: Platform.describe(errorNumber: Platform.lastErrorNumber))
    }
    let name = (path as NSString).lastPathComponent
    let permissions = UInt16(info.st_mode & 0o7777)
    let modified = Int64(info.st_mtim.tv_sec)
    let attributes = try extendedAttributes(of: path)
    switch info.st_mode & S_IFMT {
    case S_IFDIR:
      let names: [String]
      do {
        names = try FileManager.default.contentsOfDirectory(atPath: path)
      } catch {
        throw .sourceReadFailed(path: path, reason: "cannot list the folder")
      }
      var children: [SourceItem] = []
      for child in names.sorted() {
        children.append(try scan((path as NSString).appendingPathComponent(child)))
      }
      return SourceItem(
        name: name, content: .folder(children), permissions: permissions,
        modificationDate: modified,
        extendedAttributes: attributes, sourcePath: path)
    case S_IFREG:
      guard access(path, R_OK) == 0 else {
        throw .sourceReadFailed(
          path: path, reason: Platform.describe(errorNumber: Platform.lastErrorNumber))
      }
      return SourceItem(
        name: name, content: .file(path: path, size: Int64(info.st_size)), permissions: permissions,
        modificationDate: modified, extendedAttributes: attributes, sourcePath: path)
    case S_IFLNK:
      guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) else {
        throw .sourceReadFailed(path: path, reason: "cannot read the symbolic link")
      }
      return SourceItem(
        name: name, content: .symbolicLink(target: target), permissions: permissions,
        modificationDate: modified,
        sourcePath: path)
    default:
      throw .unsupportedSource(
        path: path, reason: "devices, sockets and pipes cannot go on a disk image")
    }
  }

  /// The item's extended attributes; on Linux, those of the `user.` namespace, without it.
  static func extendedAttributes(of path: String) throws(HFSPlusError) -> [(
    name: String, value: [UInt8]
  )] {
    #if os(Linux)
    let size = llistxattr(path, nil, 0)
    guard size > 0 else { return [] }
    var names = [CChar](repeating: 0, count: size)
    let listed = llistxattr(path, &names, size)
    guard listed > 0 else { return [] }
    var result: [(name: String, value: [UInt8])] = []
    for raw in names[..<listed].split(separator: 0) {
      let fullName = String(decoding: raw.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      guard fullName.hasPrefix("user.") else { continue }
      let length = lgetxattr(path, fullName, nil, 0)
      guard length >= 0 else { continue }
      var value = [UInt8](repeating: 0, count: length)
      guard lgetxattr(path, fullName, &value, length) == length else {
        throw .sourceReadFailed(path: path, reason: "cannot read extended attribute \(fullName)")
      }
      result.append((String(fullName.dropFirst("user.".count)), value))
    }
    return result.sorted { $0.name < $1.name }
    #else
    return []
    #endif
  }
}
