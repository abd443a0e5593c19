/// A column of the Finder's list view.
public enum FinderListColumn: String, Sendable, CaseIterable {
  /// The item's name.
  case name
  /// Its modification date.
  case dateModified = "date-modified"
  /// Its creation date.
  case dateCreated = "date-created"
  /// The date it was added to its folder.
  case dateAdded = "date-added"
  /// The date it was last opened.
  case dateLastOpened = "date-last-opened"
  /// Its size.
  case size
  /// Its kind.
  case kind
  /// Its Finder label (tag).
  case label
  /// Its version.
  case version
  /// Its Finder comments.
  case comments

  /// The identifier the Finder stores (`dateModified`).
  package var identifier: String { Self.camelCase(rawValue) }

  /// The width the Finder gives the column when none is asked for (dmgbuild's table).
  public var defaultWidth: Int {
    switch self {
    case .name, .comments: 300
    case .dateModified, .dateCreated, .dateAdded, .dateLastOpened: 181
    case .size: 97
    case .kind: 115
    case .label: 100
    case .version: 75
    }
  }

  /// Whether the column sorts ascending by default (dates and sizes show the newest and
  /// largest first).
  package var defaultAscending: Bool {
    switch self {
    case .dateModified, .dateCreated, .dateAdded, .dateLastOpened, .size: false
    default: true
    }
  }

  /// The column an identifier or a flag's spelling names.
  package init?(name: String) {
    guard let column = Self.allCases.first(where: { $0.rawValue == name || $0.identifier == name })
    else { return nil }
    self = column
  }

  /// The column the Finder stores as `identifier` (`dateModified`, not `date-modified`).
  package init?(identifier: String) {
    guard let column = Self.allCases.first(where: { $0.identifier == identifier }) else {
      return nil
    }
    self = column
  }

  /// Kebab case as camel case: `date-modified` as `dateModified`.
  package static func camelCase(_ text: String) -> String {
    let parts = text.split(separator: "-")
    return (parts.first.map(String.init) ?? "")
      + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }
}
