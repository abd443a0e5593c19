import Foundation

/// What a long step counts: bytes, shown in binary units, or things such as items or files.
enum ProgressUnit: Sendable, Equatable {
  /// Bytes: `76.0 MiB`, `19.0 MiB/s`.
  case bytes
  /// Things called by these nouns: `1 item`, `120 items`, `35 items/s`.
  case count(one: String, many: String)

  /// `value` with its unit: `200.0 MiB`, `300 items`.
  func amount(_ value: Int64) -> String {
    switch self {
    case .bytes: ByteCount.text(value)
    case .count(let one, let many): "\(value) \(value == 1 ? one : many)"
    }
  }

  /// `done` and `total` joined by `word`: `76.0 MiB / 200.0 MiB`, `120 / 300 items`.
  func amounts(_ done: Int64, _ total: Int64, joinedBy word: String) -> String {
    switch self {
    case .bytes: "\(ByteCount.text(done)) \(word) \(ByteCount.text(total))"
    case .count(let one, let many): "\(done) \(word) \(total) \(total == 1 ? one : many)"
    }
  }

  /// `perSecond` as a rate: `19.0 MiB/s`, `35 items/s` (a tenth shown under ten).
  func rate(_ perSecond: Double) -> String {
    switch self {
    case .bytes: "\(ByteCount.text(perSecond))/s"
    case .count(_, let many):
      perSecond < 10
        ? String(format: "%.1f %@/s", perSecond, many) : "\(Int(perSecond.rounded())) \(many)/s"
    }
  }
}
