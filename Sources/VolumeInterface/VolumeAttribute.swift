/// An extended attribute (or a resource fork) found on a volume: its name, size and where its
/// value lies.
package struct VolumeAttribute: Sendable, Equatable {
  /// Where the value lies.
  package enum Storage: Sendable, Equatable {
    /// In the record that names it: HFS+'s `kHFSPlusAttrInlineData`, APFS's
    /// `XATTR_DATA_EMBEDDED`.
    case inline([UInt8])
    /// In blocks of its own: an HFS+ attribute fork (`kHFSPlusAttrForkData`) or resource fork,
    /// an APFS data stream (`XATTR_DATA_STREAM`).
    case stream([VolumeExtent])
  }

  /// The attribute's name.
  package var name: String
  /// The value's size in bytes.
  package var size: Int64
  /// Where the value lies.
  package var storage: Storage

  /// Makes an attribute.
  package init(name: String, size: Int64, storage: Storage) {
    self.name = name
    self.size = size
    self.storage = storage
  }

  /// Whether the value is in its record rather than in blocks of its own.
  package var isInline: Bool {
    if case .inline = storage { return true }
    return false
  }

  /// `inline` or `stream`: the word `dmg inspect` shows for the storage on either file system.
  package var storageName: String { isInline ? "inline" : "stream" }
}
