import Foundation

/// A default value as an option's help shows it, written as the flag takes it and made from the
/// value the code starts with, so that the help follows the code.
///
/// ```swift
/// OptionHelp("How long to wait for the ticket.", default: .duration(Arguments().ticketTimeout))
/// // How long to wait for the ticket (default: 60s).
/// ```
///
/// A default that is a rule rather than a value, such as "the app's name without .app", stays
/// words.
struct HelpDefault: Sendable, ExpressibleByStringLiteral {
  // MARK: - Properties

  /// The default as the help shows it.
  let text: String

  // MARK: - Lifecycle

  /// A default described in words.
  init(stringLiteral text: String) {
    self.text = text
  }

  private init(_ text: String) {
    self.text = text
  }

  // MARK: - API

  /// A value as it prints: `128`, `POST`, `first`.
  static func value(_ value: some CustomStringConvertible) -> Self {
    Self(value.description)
  }

  /// Seconds as `--timeout` takes them: whole hours in hours (`1h`), anything else in seconds
  /// (`60s`), the unit a bare number has.
  static func duration(_ seconds: TimeInterval) -> Self {
    let hours = seconds / DurationUnit.hour.seconds
    guard hours > 0, hours == hours.rounded() else {
      return Self(number(seconds) + String(DurationUnit.second.rawValue))
    }
    return Self(number(hours) + String(DurationUnit.hour.rawValue))
  }

  /// A size as `--window` takes it: `660x400`.
  static func size(_ size: (width: Int, height: Int)) -> Self {
    Self("\(size.width)x\(size.height)")
  }

  /// A point as `--window-position` takes it: `200,120`.
  static func point(_ point: (x: Int, y: Int)) -> Self {
    Self("\(point.x),\(point.y)")
  }

  /// An owner and group as `--owner` takes them: `501:20`.
  static func owner(user: UInt32, group: UInt32) -> Self {
    Self("\(user):\(group)")
  }

  // MARK: - Implementation

  /// `60` for 60.0, `1.5` for 1.5.
  private static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }
}
