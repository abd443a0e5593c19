import StagedTree

extension CatalogPlan {
  /// One item of the volume as its catalog records need it, in 36 bytes: a million-file plan
  /// holds a million of these.
  ///
  /// The name is a range of the plan's shared ``CatalogPlan/names``; what few items have
  /// (Finder info, a resource fork, extended attributes) is in the plan's
  /// ``CatalogPlan/extras``; absent indices are ``none``.
  struct Entry {
    /// What a catalog record says an entry is: the root and private folders have no staged
    /// item; a file's content is on disk or in memory.
    enum Kind: UInt8 {
      case volumeFolder, folder, file, symbolicLink
    }

    /// An index that points at nothing.
    static let none = UInt32.max

    let id: UInt32
    let parentID: UInt32
    /// Where the stored name starts in the plan's ``CatalogPlan/names``.
    let nameStart: UInt32
    /// How many items a folder holds.
    let valence: UInt32
    var date: UInt32
    /// The data item of a file's or symbolic link's data fork, or ``none``.
    let dataIndex: UInt32
    /// The entry's ``Extras`` in the plan's ``CatalogPlan/extras``, or ``none``.
    let extrasIndex: UInt32
    /// The staged item's permission bits and Finder flags (its records hold them).
    let permissions: UInt16
    let finderFlags: UInt16
    /// The stored name's length in UTF-16 units (at most 255).
    let nameLength: UInt8
    let kind: Kind

    /// The range of the plan's ``CatalogPlan/names`` that holds the name.
    var nameRange: Range<Int> { Int(nameStart)..<(Int(nameStart) + Int(nameLength)) }

    /// The data item of the data fork, if any.
    var dataItem: Int? { dataIndex == Self.none ? nil : Int(dataIndex) }

    /// Whether the entry is a folder (the root and private folders included).
    var isFolder: Bool { kind == .folder || kind == .volumeFolder }
  }

  /// What only some entries have: the staged item's Finder info, resource fork and attributes.
  struct Extras {
    /// The staged item's 32 bytes of Finder info, or none.
    var finderInfo: [UInt8] = []
    /// The data item of the resource fork, if the item has one.
    var resourceIndex: Int? = nil
    /// The extended attributes, by name.
    var attributes: [Attribute] = []
  }

  /// An extended attribute as stored: inline in its record (`kHFSPlusAttrInlineData`), or in
  /// blocks of its own that the record points at (`kHFSPlusAttrForkData`).
  struct Attribute {
    let name: [UInt16]
    let value: [UInt8]
    /// The data item holding the value, when it is too large to go inline.
    let dataIndex: Int?
  }
}

extension CatalogPlan.Entry.Kind {
  /// The kind of entry a staged item's records describe.
  init(_ content: SourceItem.Content) {
    switch content {
    case .folder: self = .folder
    case .file, .data: self = .file
    case .symbolicLink: self = .symbolicLink
    }
  }
}
