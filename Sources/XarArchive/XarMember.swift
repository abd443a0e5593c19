/// A file or folder to put in a xar archive.
package struct XarMember: Sendable {
  /// Where the bytes come from.
  package enum Content: Sendable {
    /// Bytes in memory.
    case bytes([UInt8])
    /// The file at this path, read when the archive is written.
    case file(path: String)
  }

  /// How a member's bytes are kept in the heap.
  package enum Encoding: Sendable {
    /// As they are (`application/octet-stream`): for what is compressed already, such as a
    /// payload.
    case stored
    /// In a zlib stream (which xar calls `application/x-gzip`).
    case zlib
  }

  /// What the member is.
  package enum Kind: Sendable {
    /// A file, its bytes kept as `encoding` says.
    case file(Content, encoding: Encoding)
    /// A folder: what it holds are the members whose paths go on from its own.
    case folder
  }

  /// The member's path, its names joined by `/`, such as `Demo.pkg/Payload`.
  package var path: String
  /// A file or a folder.
  package var kind: Kind
  /// The permissions (0o644 for files, 0o755 for folders by default).
  package var permissions: UInt16
  /// The modification time, in seconds since 1970.
  package var modificationTime: Int64

  /// A file at `path` with `content`, kept as `encoding` says.
  package static func file(
    _ path: String, _ content: Content, encoding: Encoding, permissions: UInt16 = 0o644,
    modificationTime: Int64
  ) -> XarMember {
    XarMember(
      path: path, kind: .file(content, encoding: encoding), permissions: permissions,
      modificationTime: modificationTime)
  }

  /// A folder at `path`.
  package static func folder(
    _ path: String, permissions: UInt16 = 0o755, modificationTime: Int64
  ) -> XarMember {
    XarMember(
      path: path, kind: .folder, permissions: permissions, modificationTime: modificationTime)
  }
}
