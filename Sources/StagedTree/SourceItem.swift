package import SystemSupport

/// One item to put on a volume: a folder, a file on disk, bytes in memory, or a symbolic link.
///
/// File systems (HFS+, APFS) build their volumes from a tree of these; the tree knows nothing of
/// any of them.
package struct SourceItem: Sendable {
  /// What the item holds.
  package enum Content: Sendable {
    /// A folder and its items.
    case folder([SourceItem])
    /// A regular file on disk, with its size when it was scanned.
    case file(path: SourcePath, size: Int64)
    /// A file made of bytes in memory (such as a generated `.DS_Store`).
    case data([UInt8])
    /// A symbolic link and its target, stored as is.
    case symbolicLink(target: String)
  }

  /// The POSIX name.
  package var name: String
  /// What the item holds.
  package var content: Content
  /// The permission bits (`0o7777`).
  package var permissions: UInt16
  /// The modification date, in seconds since 1970.
  package var modificationDate: Int64
  /// Finder flags such as `kIsInvisible` (0x4000) or `kHasCustomIcon` (0x0400), merged into the
  /// flags of ``finderInfo``.
  package var finderFlags: UInt16
  /// The item's 32 bytes of Finder info (`com.apple.FinderInfo`): `FileInfo` or `FolderInfo`
  /// (type, creator, flags, location) then the extended info; empty when the source has none.
  package var finderInfo: [UInt8]
  /// The file's resource fork (`com.apple.ResourceFork`); empty when it has none.
  package var resourceFork: [UInt8]
  /// Extended attributes, by name, without the two above.
  package var extendedAttributes: [(name: String, value: [UInt8])]
  /// Where the item came from, for error messages: a scanned item's path, kept as its
  /// folder's (shared) and its name.
  package var origin: SourcePath

  /// Where the item came from, for error messages.
  package var sourcePath: String {
    get { origin.string }
    set { origin = SourcePath(newValue) }
  }

  /// The size of a Finder info record, as `com.apple.FinderInfo` holds it.
  package static let finderInfoSize = 32
  /// The attribute that carries Finder info.
  package static let finderInfoAttribute = "com.apple.FinderInfo"
  /// The attribute that carries a file's resource fork.
  package static let resourceForkAttribute = "com.apple.ResourceFork"

  /// Makes an item.
  package init(
    name: String,
    content: Content,
    permissions: UInt16,
    modificationDate: Int64,
    finderFlags: UInt16 = 0,
    finderInfo: [UInt8] = [],
    resourceFork: [UInt8] = [],
    extendedAttributes: [(name: String, value: [UInt8])] = [],
    sourcePath: String? = nil,
    origin: SourcePath? = nil
  ) {
    self.name = name
    self.content = content
    self.permissions = permissions
    self.modificationDate = modificationDate
    self.finderFlags = finderFlags
    self.finderInfo = finderInfo
    self.resourceFork = resourceFork
    self.extendedAttributes = extendedAttributes
    self.origin = origin ?? SourcePath(sourcePath ?? name)
  }

  /// The item's children, if it is a folder.
  package var children: [SourceItem] {
    if case .folder(let children) = content { return children }
    return []
  }

  /// How many items the item holds, at every depth (0 unless it is a folder).
  package var descendantCount: Int {
    children.reduce(children.count) { $0 + $1.descendantCount }
  }

  /// Whether the item is a folder.
  package var isFolder: Bool {
    if case .folder = content { return true }
    return false
  }

  /// The size of the item's data fork in bytes.
  package var dataLength: Int64 {
    switch content {
    case .folder: 0
    case .file(_, let size): size
    case .data(let bytes): Int64(bytes.count)
    case .symbolicLink(let target): Int64(target.utf8.count)
    }
  }

  /// The longest symbolic-link target a Mac can use: `symlink(2)` refuses longer ones, and path
  /// lookup cannot follow them, since its `MAXPATHLEN` (1024-byte) buffer must also hold the
  /// terminating NUL.
  package static let maximumLinkTargetLength = 1023

  /// Why a Mac could not use this item's link target, if it could not.
  package var linkTargetProblem: String? {
    guard case .symbolicLink(let target) = content,
      target.utf8.count > Self.maximumLinkTargetLength
    else { return nil }
    return
      "the symbolic link's target has \(target.utf8.count) bytes; a Mac follows at most \(Self.maximumLinkTargetLength) (MAXPATHLEN less the NUL)"
  }

  /// The Finder info with ``finderFlags`` merged into its flags word (bytes 8–9): 32 bytes, or
  /// empty when there is neither.
  package var mergedFinderInfo: [UInt8] {
    guard finderFlags != 0 || !finderInfo.isEmpty else { return [] }
    var info = finderInfo.isEmpty ? [UInt8](repeating: 0, count: Self.finderInfoSize) : finderInfo
    let flags = (UInt16(info[8]) << 8 | UInt16(info[9])) | finderFlags
    info[8] = UInt8(flags >> 8)
    info[9] = UInt8(flags & 0xFF)
    return info
  }
}
