import Foundation

/// The list view's settings: the `lsvp` and `lsvP` records the Finder writes for a folder
/// shown as a list.
///
/// `lsvp` keeps its columns in a dictionary by identifier, each with its index; `lsvP`, which
/// newer Finders write beside it, keeps them in an array in display order. Both are written,
/// from the same settings.
public struct ListViewSettings: Sendable, Equatable {
  /// The rows' icon size in points.
  public var iconSize = 16
  /// The rows' text size in points (10 to 16).
  public var textSize = 12
  /// The column the rows are sorted by.
  public var sortColumn = FinderListColumn.name
  /// The columns shown, in order; the others are stored hidden.
  public var columns: [FinderListColumn] = [.name, .dateModified, .size, .kind, .dateAdded]
  /// Widths in points, for the columns not at their ``FinderListColumn/defaultWidth``.
  public var widths: [FinderListColumn: Int] = [:]
  /// Whether dates read "Today" and "Yesterday".
  public var useRelativeDates = true
  /// Whether folder sizes are computed.
  public var calculateAllSizes = false

  /// dmgbuild's defaults: 16-point icons, 12-point text, sorted by name.
  public init() {}

  /// Every column in stored order: the visible ones as given, then the hidden ones.
  var orderedColumns: [(column: FinderListColumn, visible: Bool)] {
    columns.map { ($0, true) }
      + FinderListColumn.allCases.filter { !columns.contains($0) }.map { ($0, false) }
  }

  /// One column's stored settings.
  struct Column: Encodable {
    let index: Int?
    let width: Int
    let identifier: String
    let visible: Bool
    let ascending: Bool
  }

  func column(_ column: FinderListColumn, index: Int?, visible: Bool) -> Column {
    Column(
      index: index, width: widths[column] ?? column.defaultWidth, identifier: column.identifier,
      visible: visible, ascending: column.defaultAscending)
  }

  /// The columns of `lsvp`: a dictionary by identifier, encoded in stored order.
  struct ColumnTable: Encodable {
    let columns: [(key: String, value: Column)]

    struct Key: CodingKey {
      let stringValue: String
      init(stringValue: String) { self.stringValue = stringValue }
      var intValue: Int? { nil }
      init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Key.self)
      for (key, value) in columns { try container.encode(value, forKey: Key(stringValue: key)) }
    }
  }

  /// The `lsvp` plist (columns in a ``ColumnTable``) or the `lsvP` one (an array of columns).
  struct Plist<Columns: Encodable>: Encodable {
    let viewOptionsVersion = 1
    let sortColumn: String
    let textSize: Double
    let iconSize: Double
    let showIconPreview: Bool
    let scrollPositionX = 0.0
    let scrollPositionY = 0.0
    let useRelativeDates: Bool
    let calculateAllSizes: Bool
    let columns: Columns
  }

  func plist<Columns>(columns: Columns, showIconPreview: Bool) -> Plist<Columns> {
    Plist(
      sortColumn: sortColumn.identifier, textSize: Double(textSize), iconSize: Double(iconSize),
      showIconPreview: showIconPreview, useRelativeDates: useRelativeDates,
      calculateAllSizes: calculateAllSizes, columns: columns)
  }

  /// The `lsvp` and `lsvP` records.
  func records(showIconPreview: Bool) throws -> [DSStoreRecord] {
    let stored = orderedColumns
    let legacy = plist(
      columns: ColumnTable(
        columns: stored.enumerated().map { index, entry in
          (entry.column.identifier, column(entry.column, index: index, visible: entry.visible))
        }), showIconPreview: showIconPreview)
    let current = plist(
      columns: stored.map { column($0.column, index: nil, visible: $0.visible) },
      showIconPreview: showIconPreview)
    return [
      DSStoreRecord(
        name: ".", code: "lsvp", value: .blob(try FinderWindowLayout.binaryPlist(legacy))),
      DSStoreRecord(
        name: ".", code: "lsvP", value: .blob(try FinderWindowLayout.binaryPlist(current))),
    ]
  }
}
