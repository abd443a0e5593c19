package import StagedTree

/// A volume laid out but for its `.DS_Store`: every item's ID and date, ready to be built once
/// the store's bytes are known.
package protocol VolumePlan: Sendable {
  /// The volume the plan builds.
  associatedtype Volume

  /// The ID and date of the item at `path` from the root: the root folder `/`,
  /// `/.background`, `/.background/bg.png`; nil when nothing is planned there.
  ///
  /// The plan keeps no map of paths (a million-item tree would hold a million path strings):
  /// each look-up walks the path's components through the planned folders.
  ///
  /// - Complexity: O(*n*) for *n* planned items, per component of `path`.
  func item(atPath path: String) -> PlannedItem?
  /// The volume's date as an alias to an item on it records it, in seconds since 1970: the
  /// root folder's.
  var volumeDate: Int64 { get }

  /// Builds the volume, with `dsStore` as the content of the root's `.DS_Store`.
  ///
  /// The root's `.DS_Store` is the child ``FileSystemVolume/plan(root:options:)`` found staged
  /// as bytes in memory; a root without one takes no bytes (passing some is a programming
  /// error). The store's size may move the data after it; nothing planned changes.
  ///
  /// - Throws: The file system's error when the volume would be too large.
  func build(dsStore: [UInt8]) throws -> Volume
}

/// What a plan gives an item before its volume is built: what an alias to it records.
package struct PlannedItem: Sendable, Equatable {
  /// The item's number: HFS+'s catalog node ID, APFS's inode number.
  package var id: UInt64
  /// Its modification date as written (clamped), in seconds since 1970.
  package var date: Int64

  /// Makes a planned item.
  package init(id: UInt64, date: Int64) {
    self.id = id
    self.date = date
  }
}

extension SourceItem {
  /// The name of the Finder's layout file in a volume's root.
  package static let dsStoreName = ".DS_Store"

  /// Whether the item is a `.DS_Store` made of bytes in memory: in a volume's root, the store a
  /// plan fills in.
  package var isStagedDSStore: Bool {
    guard name == Self.dsStoreName, case .data = content else { return false }
    return true
  }

  /// The bytes of the root's staged `.DS_Store`; empty when it has none.
  package var stagedDSStore: [UInt8] {
    for child in children where child.isStagedDSStore {
      if case .data(let bytes) = child.content { return bytes }
    }
    return []
  }
}
