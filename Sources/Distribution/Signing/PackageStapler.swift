import Foundation
import SystemSupport
import XarArchive

/// Staples a notarization ticket to a flat installer package, as `stapler` does: after the last
/// byte the archive's table of contents accounts for, replacing a ticket stapled before.
///
/// The ticket is filed under the first 20 bytes of the table of contents' digest, in record
/// `2/1/…` for a SHA-1 table and `2/2/…` for a SHA-256 one.
package enum PackageStapler {
  /// Whether the file at `path` is a xar archive (a flat package), by its first four bytes.
  package static func isPackage(_ path: String) throws -> Bool {
    guard let status = try FileStatus.of(path), status.kind == .regular else { return false }
    let file = try FileDescriptor.openForReading(path)
    defer { file.close() }
    return try file.read(at: 0, count: 4) == Array("xar!".utf8)
  }

  /// The digest the package's ticket is filed under and its hash type (1 SHA-1, 2 SHA-256).
  ///
  /// - Throws: `XarReaderError` for a package that does not read, or one whose table is
  ///   checksummed otherwise.
  package static func ticketDigest(of path: String) throws -> (digest: [UInt8], hashType: Int) {
    let reader = try reader(of: path)
    return (reader.tableDigest, reader.tableChecksum == .sha1 ? 1 : 2)
  }

  /// Staples `ticket` to the package at `path`, in place: what followed the archive (an earlier
  /// ticket) is cut, then the ticket's trailer appended; the archive's bytes do not change.
  package static func staple(_ ticket: [UInt8], to path: String) throws {
    let end = try reader(of: path).archiveEnd
    guard truncate(path, off_t(end)) == 0 else { throw SystemError("truncate", path: path) }
    let descriptor = retryingOnInterrupt { open(path, O_WRONLY | O_APPEND | O_CLOEXEC) }
    guard descriptor >= 0 else { throw SystemError("open", path: path) }
    let file = FileDescriptor(rawValue: descriptor, path: path)
    defer { file.close() }
    try XarTicketTrailer.bytes(ticket: ticket).withUnsafeBytes { try file.writeAll($0) }
    try file.synchronize()
  }

  /// The reader of the package at `path`.
  private static func reader(of path: String) throws -> XarReader {
    let file = try FileDescriptor.openForReading(path)
    defer { file.close() }
    return try XarReader(source: file, size: try file.status().size)
  }
}
