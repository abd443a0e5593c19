import Foundation

/// Sizes as people read them, in binary units.
enum ByteCount {
  /// `bytes` as `512 B`, `1.5 KiB`, `200.0 MiB`, `3.2 GiB`.
  static func text(_ bytes: Double) -> String {
    let units = ["B", "KiB", "MiB", "GiB", "TiB"]
    var value = bytes
    var unit = 0
    while value >= 1024, unit < units.count - 1 {
      value /= 1024
      unit += 1
    }
    return unit == 0 ? "\(Int(value)) B" : String(format: "%.1f %@", value, units[unit])
  }

  /// `bytes` as ``text(_:)`` shows it.
  static func text(_ bytes: Int64) -> String { text(Double(bytes)) }
}
