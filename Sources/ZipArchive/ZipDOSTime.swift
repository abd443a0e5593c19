/// An MS-DOS date and time, as a zip header holds an entry's modification time (APPNOTE 4.4.6):
/// two-second resolution, years 1980 to 2107.
///
/// The time is written in UTC, so that the same tree gives the same bytes in every time zone;
/// the extended timestamp field (``ZipRecords/extendedTimestamp(_:)``) carries the exact second.
package struct ZipDOSTime: Sendable, Equatable {
  /// Bits 15–11 hours, 10–5 minutes, 4–0 seconds divided by two.
  package let time: UInt16
  /// Bits 15–9 years since 1980, 8–5 month, 4–0 day.
  package let date: UInt16

  /// 1980-01-01 00:00:00 UTC, the earliest time DOS dates hold.
  static let earliest: Int64 = 315_532_800
  /// 2107-12-31 23:59:58 UTC, the latest.
  static let latest: Int64 = 4_354_819_198

  /// The DOS date and time of `seconds` since 1970 (UTC), clamped to the range DOS dates hold.
  package init(unixTime seconds: Int64) {
    let clamped = min(max(seconds, Self.earliest), Self.latest)
    let days = clamped / 86_400
    let secondOfDay = clamped % 86_400
    let (year, month, day) = Self.civil(fromDays: days)
    time =
      UInt16(secondOfDay / 3600) << 11 | UInt16(secondOfDay % 3600 / 60) << 5
      | UInt16(secondOfDay % 60 / 2)
    date = UInt16(year - 1980) << 9 | UInt16(month) << 5 | UInt16(day)
  }

  /// The proleptic Gregorian year, month and day of a count of days since 1970-01-01 (Howard
  /// Hinnant's `civil_from_days`).
  static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
