/// Why an installer payload could not be read: what is wrong, where, and in which entry.
///
/// ```
/// payload ./Demo.app/Contents/Info.plist (at byte 812 of the archive): its mode field "0x0644" is not octal
/// ```
package struct PayloadReaderError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The kind of problem.
  package enum Code: String, Sendable {
    /// The payload does not start as a gzip member does (a `pbzx` payload, which
    /// `pkgbuild --compression latest` writes, is not read here).
    case notGzip
    /// The gzip member's deflate stream is damaged; the offset is in the payload.
    case damagedCompression
    /// The payload ends inside its gzip member; the offset is in the payload.
    case truncatedCompression
    /// A second gzip member follows the first (Installer refuses such payloads); the offset is
    /// in the payload.
    case secondGzipMember
    /// Bytes that are not a gzip member follow it; the offset is in the payload.
    case bytesAfterGzipMember
    /// A header does not start with the odc magic `070707`.
    case badMagic
    /// A header field holds something other than octal digits.
    case badOctalField
    /// A name's size is 0 or more than ``PayloadReader/maximumNameSize``.
    case badNameSize
    /// A name does not end in the NUL its size counts, or holds another NUL.
    case nameWithoutNUL
    /// A name is not `.` or a relative path below it (`./a/b` or `a/b`, no `..`, no empty
    /// name).
    case unsafeName
    /// An entry's mode has no type a payload holds.
    case unknownType
    /// A folder or a special file carries bytes, or a link's target is empty or longer than
    /// ``PayloadReader/maximumNameSize``.
    case badSize
    /// The archive ends inside an entry: its header, its name or its bytes.
    case truncatedEntry
    /// The archive ends without its `TRAILER!!!` entry.
    case missingTrailer
    /// Bytes other than zeros follow the `TRAILER!!!` entry.
    case bytesAfterTrailer
  }

  /// The kind of problem.
  package let code: Code
  /// Where it is: in the inflated archive for problems of the cpio archive, in the payload
  /// itself for problems of its gzip member (as ``Code`` says).
  package let offset: Int64
  /// The entry's path, once its name was read.
  package let path: String?
  /// A sentence naming the problem.
  package let message: String

  /// Makes an error.
  package init(_ code: Code, at offset: Int64, path: String? = nil, _ message: String) {
    self.code = code
    self.offset = offset
    self.path = path
    self.message = message
  }

  /// Whether ``offset`` counts bytes of the payload rather than of the inflated archive.
  package var isInPayload: Bool {
    switch code {
    case .notGzip, .damagedCompression, .truncatedCompression, .secondGzipMember,
      .bytesAfterGzipMember:
      true
    default: false
    }
  }

  /// `payload <path> (at byte <offset> of the archive): <message>`.
  package var description: String {
    let entry = path.map { " \($0)" } ?? ""
    return "payload\(entry) (at byte \(offset) of the \(isInPayload ? "payload" : "archive")): "
      + message
  }
}
