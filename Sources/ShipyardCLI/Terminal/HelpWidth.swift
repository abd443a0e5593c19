/// The width help text is wrapped to: `COLUMNS` when it is set and a number, else the terminal's
/// width when standard output is one, else 80; kept between 40 and 120 columns.
///
/// The lower bound keeps a description's column usable; the upper one keeps lines readable on a
/// wide terminal, as man pages do.
enum HelpWidth {
  /// The width when neither `COLUMNS` nor a terminal says: 80 columns.
  static var standard: Int { 80 }
  /// The narrowest help gets.
  static var minimum: Int { 40 }
  /// The widest help gets.
  static var maximum: Int { 120 }

  /// The width help is wrapped to.
  ///
  /// `environment`'s `COLUMNS`, else `terminalColumns`, else ``standard``, clamped to
  /// ``minimum`` ... ``maximum``.
  ///
  /// - Parameters:
  ///   - environment: The process environment.
  ///   - terminalColumns: The width of the terminal standard output is, or `nil`.
  /// - Returns: The width.
  static func resolve(environment: [String: String], terminalColumns: Int?) -> Int {
    let columns =
      environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
      ?? terminalColumns ?? standard
    return min(max(columns, minimum), maximum)
  }
}
