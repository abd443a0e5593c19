import Distribution
import Foundation

/// An icon's place in the window: `--icon <name>=<x>,<y>`.
struct IconPosition: Sendable {
  /// The item's name at the volume's root.
  let name: String
  /// The icon's centre.
  let point: (x: Int, y: Int)
}

/// The values of the layout options: sizes, points, colours, items and list columns.
extension ValueParser where Value == (x: Int, y: Int) {
  /// `<x>,<y>`, such as `200,120`.
  static var point: Self {
    Self { text, origin throws(CommandError) in
      guard let point = point(text) else {
        throw origin.error("\(origin.name) takes <x>,<y>, such as 200,120")
      }
      return point
    }
  }

  /// `<x>,<y>` as two numbers, or `nil`.
  static func point(_ text: String) -> (x: Int, y: Int)? {
    let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    guard parts.count == 2, let x = Int(parts[0]), let y = Int(parts[1]) else { return nil }
    return (x, y)
  }
}

extension ValueParser where Value == (width: Int, height: Int) {
  /// `<width>x<height>`, such as `660x400`.
  static var windowSize: Self {
    Self { text, origin throws(CommandError) in
      let parts = text.lowercased().split(separator: "x")
      guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else {
        throw windowSizeError(origin)
      }
      return try windowSize(width, height, origin)
    }
  }

  /// `width` by `height`, both above zero.
  static func windowSize(_ width: Int, _ height: Int, _ origin: ValueOrigin) throws(CommandError)
    -> Value
  {
    guard width > 0, height > 0 else { throw windowSizeError(origin) }
    return (width, height)
  }

  private static func windowSizeError(_ origin: ValueOrigin) -> CommandError {
    origin.error("\(origin.name) takes <width>x<height>, such as 660x400")
  }
}

extension ValueParser where Value == IconPosition {
  /// `<name>=<x>,<y>`, such as `Hello.app=180,170` (the name may hold `=`).
  static var iconPosition: Self {
    Self { text, origin throws(CommandError) in
      guard let equals = text.lastIndex(of: "="),
        let point = ValueParser<(x: Int, y: Int)>.point(String(text[text.index(after: equals)...]))
      else {
        throw origin.error(
          "\(origin.name) takes <name>=<x>,<y>, such as Hello.app=180,170, not \(text.debugDescription)"
        )
      }
      return IconPosition(name: String(text[..<equals]), point: point)
    }
  }
}

extension ValueParser where Value == FinderWindowLayout.Color {
  /// `#rrggbb`, `#rgb`, `rgb(r, g, b)` or a CSS colour name.
  static var color: Self {
    Self { text, origin throws(CommandError) in
      guard let color = FinderWindowLayout.Color(css: text) else {
        throw origin.error(
          "\(origin.name) takes #rrggbb, #rgb, rgb(r, g, b) or a CSS colour name, not \(text.debugDescription)"
        )
      }
      return color
    }
  }
}

extension ValueParser where Value == DMGBuildOptions.Addition {
  /// `<path>`, or `<name>=@<path>` for another name on the volume.
  static var file: Self {
    Self { text, origin in
      if let marker = text.range(of: "=@"), marker.lowerBound > text.startIndex {
        return .file(
          path: origin.path(String(text[marker.upperBound...])),
          name: String(text[..<marker.lowerBound]))
      }
      let path = origin.path(text)
      return .file(path: path, name: (path as NSString).lastPathComponent)
    }
  }

  /// `<name>=<target>`, a symbolic link.
  static var link: Self {
    Self { text, origin throws(CommandError) in
      guard let equals = text.firstIndex(of: "=") else { throw linkError(text, origin) }
      return try link(
        name: String(text[..<equals]), target: String(text[text.index(after: equals)...]),
        origin)
    }
  }

  /// A link named `name` to `target`, neither of them empty.
  static func link(name: String, target: String, _ origin: ValueOrigin) throws(CommandError)
    -> Value
  {
    guard !name.isEmpty, !target.isEmpty else { throw linkError("\(name)=\(target)", origin) }
    return .link(name: name, target: target)
  }

  private static func linkError(_ text: String, _ origin: ValueOrigin) -> CommandError {
    origin.error(
      "\(origin.name) takes <name>=<target>, such as Docs=/Library/Documentation, not \(text.debugDescription)"
    )
  }
}

extension ValueParser where Value == FinderListColumn {
  /// A list view column, by its flag spelling (`date-modified`) or identifier.
  static var column: Self {
    Self { text, origin throws(CommandError) in
      guard let column = FinderListColumn(name: text) else {
        throw origin.error(
          "\(origin.name): unknown column \(text.debugDescription) (known: \(FinderListColumn.allCases.map(\.rawValue).joined(separator: ", ")))"
        )
      }
      return column
    }
  }
}

extension ValueParser where Value == [FinderListColumn] {
  /// `<a>,<b>,…`: the columns shown, `name` first, none twice.
  static var columns: Self {
    Self { text, origin throws(CommandError) in
      try columns(text.split(separator: ",").map(String.init), origin)
    }
  }

  /// The columns `names` name, `name` first, none twice.
  static func columns(_ names: [String], _ origin: ValueOrigin) throws(CommandError) -> Value {
    var columns: [FinderListColumn] = []
    for name in names {
      let column = try ValueParser<FinderListColumn>.column.parse(name, origin)
      guard !columns.contains(column) else {
        throw origin.error("\(origin.name) names \(column.rawValue) twice")
      }
      columns.append(column)
    }
    guard columns.first == .name else {
      throw origin.error(
        "\(origin.name) must start with name (the Finder always shows it first)")
    }
    return columns
  }
}

extension ValueParser where Value == (column: FinderListColumn, width: Int) {
  /// `<column>=<width>`, such as `size=120`.
  static var columnWidth: Self {
    Self { text, origin throws(CommandError) in
      let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2 else {
        throw origin.error(
          "\(origin.name) takes <column>=<width>, such as size=120, not \(text.debugDescription)"
        )
      }
      return (
        try ValueParser<FinderListColumn>.column.parse(parts[0], origin),
        try ValueParser<Int>.columnWidth.parse(parts[1], origin)
      )
    }
  }
}

extension ValueParser where Value == Int {
  /// A list view column's width, 20 to 1000.
  static var columnWidth: Self { .integer(in: 20...1000) }
}
