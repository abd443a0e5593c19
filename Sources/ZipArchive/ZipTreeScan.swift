import Foundation
import SystemSupport

/// The entries of a folder as `ditto -c -k --keepParent` lays them out: the folder itself first
/// (`Hello.app/`), then everything below it, each folder before its contents and names in byte
/// order, so that the same tree always gives the same archive.
///
/// Links are kept as links (never followed); no AppleDouble (`._*`) or `__MACOSX/` entries are
/// made, extended attributes being left out.
package enum ZipTreeScan {
  /// The entries for `folder` and everything below it, under the folder's own name.
  ///
  /// - Parameters:
  ///   - folder: The folder to archive (`build/Hello.app`).
  ///   - dateLimit: The latest modification time written, in seconds since 1970
  ///     (`SOURCE_DATE_EPOCH`); later times are clamped to it.
  /// - Returns: The entries, in the order they are written.
  /// - Throws: ``ZipWriterError/unsupportedFile(path:kind:)`` for a device, pipe or socket;
  ///   ``SystemError`` when something cannot be read.
  package static func entries(of folder: String, dateLimit: Int64? = nil) throws -> [ZipEntry] {
    let url = URL(fileURLWithPath: folder).standardizedFileURL
    var entries: [ZipEntry] = []
    try walk(url.path, named: url.lastPathComponent, dateLimit: dateLimit, into: &entries)
    return entries
  }

  private static func walk(
    _ path: String, named name: String, dateLimit: Int64?, into entries: inout [ZipEntry]
  ) throws {
    guard let status = try FileStatus.of(path, followingLinks: false) else {
      throw SystemError("read", path: path, errorNumber: ENOENT)
    }
    var seconds = status.modificationTime / 1_000_000_000
    if let dateLimit { seconds = min(seconds, dateLimit) }
    func entry(_ name: String, _ kind: ZipEntry.Kind) -> ZipEntry {
      ZipEntry(name: name, kind: kind, permissions: status.permissions, modificationTime: seconds)
    }
    switch status.kind {
    case .regular:
      entries.append(entry(name, .file(path: path, size: status.size)))
    case .symbolicLink:
      let target = try FileManager.default.destinationOfSymbolicLink(atPath: path)
      entries.append(entry(name, .symbolicLink(target: target)))
    case .directory:
      entries.append(entry(name + "/", .directory))
      for child in try FolderListing.namesInByteOrder(in: path) {
        try walk(
          path + "/" + child, named: name + "/" + child, dateLimit: dateLimit, into: &entries)
      }
    default:
      throw ZipWriterError.unsupportedFile(path: path, kind: "\(status.kind)")
    }
  }
}
