import Distribution
import Foundation

/// The JSON keys for the window's chrome and the view style, in both configuration formats:
/// camel case in ours (`showToolbar`, `list.sortBy`), kebab case in appdmg's files
/// (`show-toolbar`, `list.sort-by`), each standing for the flag of the same name.
enum FinderViewKeys {
  /// How a format spells its keys.
  enum Spelling {
    /// Ours: `showToolbar`.
    case camelCase
    /// appdmg's: `show-toolbar`.
    case kebabCase
  }

  /// A key, in kebab case, and the flag it stands for; a switch takes `true` or `false`.
  struct Key {
    let name: String
    let flag: String
    let isSwitch: Bool

    func spelled(_ spelling: Spelling) -> String {
      spelling == .kebabCase ? name : FinderListColumn.camelCase(name)
    }
  }

  static let topLevel: [Key] = [
    Key(name: "show-toolbar", flag: "--show-toolbar", isSwitch: true),
    Key(name: "show-sidebar", flag: "--show-sidebar", isSwitch: true),
    Key(name: "sidebar-width", flag: "--sidebar-width", isSwitch: false),
    Key(name: "show-status-bar", flag: "--show-status-bar", isSwitch: true),
    Key(name: "show-path-bar", flag: "--show-path-bar", isSwitch: true),
    Key(name: "show-tab-view", flag: "--show-tab-view", isSwitch: true),
    Key(name: "view", flag: "--view", isSwitch: false),
    Key(name: "label-position", flag: "--label-position", isSwitch: false),
    Key(name: "arrange-by", flag: "--arrange-by", isSwitch: false),
    Key(name: "grid-spacing", flag: "--grid-spacing", isSwitch: false),
    Key(name: "show-item-info", flag: "--show-item-info", isSwitch: true),
    Key(name: "show-icon-preview", flag: "--show-icon-preview", isSwitch: true),
  ]

  static let list: [Key] = [
    Key(name: "icon-size", flag: "--list-icon-size", isSwitch: false),
    Key(name: "text-size", flag: "--list-text-size", isSwitch: false),
    Key(name: "sort-by", flag: "--list-sort-by", isSwitch: false),
    Key(name: "calculate-all-sizes", flag: "--list-calculate-all-sizes", isSwitch: true),
  ]

  /// The top-level keys handled here, as `spelling` writes them.
  static func names(_ spelling: Spelling) -> Set<String> {
    Set(topLevel.map { $0.spelled(spelling) } + ["list"])
  }

  /// Removes the keys handled here from `object` and returns the flags they stand for.
  static func flags(
    taking object: inout [String: Any], spelling: Spelling, context: ConfigContext
  ) throws(CommandError) -> [String] {
    var flags = try flags(for: topLevel, in: &object, spelling: spelling, prefix: "", context)
    guard let value = object.removeValue(forKey: "list") else { return flags }
    var list = try context.object(value, key: "list")
    flags += try Self.flags(for: Self.list, in: &list, spelling: spelling, prefix: "list.", context)
    let columnsKey = "columns"
    let widthsKey = spelling == .kebabCase ? "column-widths" : "columnWidths"
    let datesKey = spelling == .kebabCase ? "relative-dates" : "relativeDates"
    if let columns = list.removeValue(forKey: columnsKey) {
      guard let names = columns as? [String] else {
        throw context.error("list.\(columnsKey) must be a list of column names")
      }
      flags += ["--list-columns", names.joined(separator: ",")]
    }
    if let widths = list.removeValue(forKey: widthsKey) {
      guard let table = widths as? [String: Any] else {
        throw context.error("list.\(widthsKey) must map column names to widths")
      }
      for name in table.keys.sorted() {
        let width = try context.integer(table[name], key: "list.\(widthsKey).\(name)")
        flags += ["--list-column-width", "\(name)=\(width)"]
      }
    }
    if let relative = list.removeValue(forKey: datesKey) {
      guard let enabled = relative as? Bool else {
        throw context.error("list.\(datesKey) must be true or false")
      }
      if !enabled { flags.append("--list-absolute-dates") }
    }
    try context.rejectUnknownKeys(
      in: list,
      known: Set(Self.list.map { $0.spelled(spelling) } + [columnsKey, widthsKey, datesKey]),
      prefix: "list.")
    return flags
  }

  static func flags(
    for keys: [Key], in object: inout [String: Any], spelling: Spelling, prefix: String,
    _ context: ConfigContext
  ) throws(CommandError) -> [String] {
    var flags: [String] = []
    for key in keys {
      let name = key.spelled(spelling)
      guard let value = object.removeValue(forKey: name) else { continue }
      if key.isSwitch {
        guard let enabled = value as? Bool else {
          throw context.error("\(prefix)\(name) must be true or false")
        }
        if enabled { flags.append(key.flag) }
      } else {
        flags += [key.flag, try context.text(value, key: prefix + name)]
      }
    }
    return flags
  }
}
