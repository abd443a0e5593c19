import Foundation

extension FinderWindowLayout.Color {
  /// The CSS basic colour keywords, and a few that appdmg users write.
  static let cssNames: [String: UInt32] = [
    "black": 0x000000, "silver": 0xC0C0C0, "gray": 0x808080, "grey": 0x808080,
    "white": 0xFFFFFF, "maroon": 0x800000, "red": 0xFF0000, "purple": 0x800080,
    "fuchsia": 0xFF00FF, "green": 0x008000, "lime": 0x00FF00, "olive": 0x808000,
    "yellow": 0xFFFF00, "navy": 0x000080, "blue": 0x0000FF, "teal": 0x008080,
    "aqua": 0x00FFFF, "orange": 0xFFA500, "lightgray": 0xD3D3D3, "lightgrey": 0xD3D3D3,
    "darkgray": 0xA9A9A9, "darkgrey": 0xA9A9A9, "whitesmoke": 0xF5F5F5, "gainsboro": 0xDCDCDC,
  ]

  /// A colour as CSS writes it: `#rgb`, `#rrggbb`, `rgb(r, g, b)` with 0–255 components, or a
  /// basic colour keyword such as `white` or `navy`.
  public init?(css text: String) {
    let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
    if trimmed.hasPrefix("#") {
      self.init(hex: trimmed)
    } else if trimmed.hasPrefix("rgb("), trimmed.hasSuffix(")") {
      let parts = trimmed.dropFirst(4).dropLast().split(separator: ",").map {
        Int($0.trimmingCharacters(in: .whitespaces))
      }
      guard parts.count == 3, let red = parts[0], let green = parts[1], let blue = parts[2],
        [red, green, blue].allSatisfy({ (0...255).contains($0) })
      else { return nil }
      self.init(red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255)
    } else if let value = Self.cssNames[trimmed] {
      self.init(hex: String(value, radix: 16).leftPadded(to: 6))
    } else {
      return nil
    }
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
