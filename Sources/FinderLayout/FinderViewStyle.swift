/// How the Finder shows a folder's items: the `vstl` record.
public enum FinderViewStyle: String, Sendable, CaseIterable {
  /// Icons placed freely (`icnv`), the only style that shows a background and positions.
  case icon
  /// Rows with columns of details (`Nlsv`).
  case list
  /// Columns, one per folder level (`clmv`).
  case column

  /// The four-character code the Finder stores in `vstl`.
  package var code: String {
    switch self {
    case .icon: "icnv"
    case .list: "Nlsv"
    case .column: "clmv"
    }
  }

  /// The style a `vstl` code names.
  package init?(code: String) {
    guard let style = Self.allCases.first(where: { $0.code == code }) else { return nil }
    self = style
  }
}

/// What the icon view keeps its icons sorted by (`icvp`'s `arrangeBy`), or `none` for free
/// placement.
public enum FinderArrangement: String, Sendable, CaseIterable {
  /// Free placement: the icons stay where ``FinderWindowLayout/positions`` puts them.
  case none
  /// By name.
  case name
  /// By modification date.
  case dateModified = "date-modified"
  /// By creation date.
  case dateCreated = "date-created"
  /// By the date the item was added to its folder.
  case dateAdded = "date-added"
  /// By the date the item was last opened.
  case dateLastOpened = "date-last-opened"
  /// By size.
  case size
  /// By kind (application, folder, document type).
  case kind
  /// By Finder label (tag colour).
  case label

  /// The value the Finder stores: camel case, such as `dateModified`.
  package var finderName: String { FinderListColumn.camelCase(rawValue) }

  /// The arrangement the Finder stores as `finderName` (`dateModified`, not `date-modified`).
  package init?(finderName: String) {
    guard let arrangement = Self.allCases.first(where: { $0.finderName == finderName }) else {
      return nil
    }
    self = arrangement
  }
}
