/// One path of a package's payload as its bill of materials (Bom) records it.
package struct BomEntry: Sendable, Equatable {
  /// What the path is.
  package enum Kind: Sendable, Equatable {
    /// A regular file.
    case file
    /// A folder.
    case folder
    /// A symbolic link to `target`.
    case symbolicLink(target: String)
  }

  /// The path as the payload names it: `.` for the root, `./Name.app/Contents` below it.
  package var path: String
  /// What it is.
  package var kind: Kind
  /// The permissions (`0o7777`); the Bom adds the type bits.
  package var permissions: UInt16
  /// The modification time, in seconds since 1970.
  package var modificationTime: Int64
  /// A file's bytes, a link's target length, or a folder's size as APFS reports it
  /// (32 × (entries + 2)).
  package var size: Int64
  /// The POSIX `cksum` of a file's bytes or a link's target; 0 for a folder.
  package var checksum: UInt32
  /// A universal Mach-O file's architectures, each slice's size and `cksum`; empty otherwise.
  package var slices: [BomRecord.Slice] = []

  /// Makes an entry.
  package init(
    path: String, kind: Kind, permissions: UInt16, modificationTime: Int64, size: Int64,
    checksum: UInt32
  ) {
    self.path = path
    self.kind = kind
    self.permissions = permissions
    self.modificationTime = modificationTime
    self.size = size
    self.checksum = checksum
  }

  /// The type bits and permissions, as `st_mode` holds them.
  package var mode: UInt16 {
    let type: UInt16 =
      switch kind {
      case .file: 0o100000
      case .folder: 0o040000
      case .symbolicLink: 0o120000
      }
    return type | (permissions & 0o7777)
  }

  /// The last name of the path (`.` for the root).
  var name: Substring {
    guard let slash = path.lastIndex(of: "/") else { return path[...] }
    return path[path.index(after: slash)...]
  }

  /// The path of the folder that holds it; `nil` for the root.
  var parentPath: Substring? {
    guard let slash = path.lastIndex(of: "/") else { return nil }
    return path[..<slash]
  }
}
