import Foundation

/// A unit a duration may end with, as in `90s`, `30m` or `2h`.
enum DurationUnit: Character, CaseIterable, Sendable {
  /// `s`.
  case second = "s"
  /// `m`.
  case minute = "m"
  /// `h`.
  case hour = "h"

  /// The unit's length in seconds.
  var seconds: TimeInterval {
    switch self {
    case .second: 1
    case .minute: 60
    case .hour: 3600
    }
  }
}

extension ValueParser where Value == TimeInterval {
  /// `1800`, `90s`, `30m`, `2h`: above zero, or zero too when `allowsZero`.
  static func duration(allowsZero: Bool) -> Self {
    Self { text, origin throws(CommandError) in
      let seconds =
        text.last.flatMap(DurationUnit.init(rawValue:)).map { unit in
          TimeInterval(text.dropLast()).map { $0 * unit.seconds }
        } ?? TimeInterval(text)
      guard let seconds, seconds > 0 || (allowsZero && seconds == 0) else {
        throw origin.error(
          "\(origin.name) takes seconds, or a number with s, m or h, not \(text.debugDescription)")
      }
      return seconds
    }
  }
}
