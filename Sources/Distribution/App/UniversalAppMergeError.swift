/// Why two apps cannot be merged into a universal one: every case names the path at fault.
///
/// When the apps differ where they must not, ``differences`` holds every difference found (the
/// description lists the first ones).
public struct UniversalAppMergeError: Error, Equatable, Sendable, CustomStringConvertible {
  private enum Base: Equatable, Sendable {
    case badPattern, badInput, differences, outputExists, failed
  }

  // MARK: - Properties

  private let base: Base
  /// The path at fault: an input, the output or a pattern.
  public let path: String
  /// The differences between the apps, when they are why.
  public let differences: [UniversalAppDifference]
  private let reason: String

  /// How many differences the description lists.
  public static let listedDifferences = 20

  // MARK: - Lifecycle

  private init(
    _ base: Base, path: String, reason: String, differences: [UniversalAppDifference] = []
  ) {
    self.base = base
    self.path = path
    self.reason = reason
    self.differences = differences
  }

  /// A pattern of allowed differences that cannot be read.
  static func badPattern(_ pattern: String, reason: String) -> Self {
    Self(.badPattern, path: pattern, reason: "the pattern \(pattern.debugDescription): \(reason)")
  }

  /// An input that cannot be merged: not there, not readable, not Mach-O where it claims to be.
  static func badInput(_ path: String, reason: String) -> Self {
    Self(.badInput, path: path, reason: "\(path): \(reason)")
  }

  /// The apps differ where they must not.
  static func differ(_ differences: [UniversalAppDifference], first: String, second: String)
    -> Self
  {
    let listed = differences.prefix(listedDifferences).map { "  \($0)" }
    let more = differences.count - listed.count
    let lines =
      ["\(first) and \(second) differ where only Mach-O files may (\(differences.count)):"]
      + listed + (more > 0 ? ["  … and \(more) more"] : [])
      + [
        "  (--allow-different <glob> names paths that may differ; --prefer says which app's "
          + "copy is kept)"
      ]
    return Self(
      .differences, path: first, reason: lines.joined(separator: "\n"), differences: differences)
  }

  /// The output is there and replacing it was not asked for, or it cannot be replaced.
  static func outputExists(_ path: String, reason: String) -> Self {
    Self(.outputExists, path: path, reason: "\(path) \(reason)")
  }

  /// Writing the output failed; nothing was left at the output.
  static func failed(_ path: String, reason: String) -> Self {
    Self(.failed, path: path, reason: "cannot write \(path): \(reason)")
  }

  // MARK: - API

  /// Whether the apps differ where they must not (see ``differences``).
  public var isDifference: Bool { base == .differences }

  /// A sentence (for differences, lines) naming the problem and the path.
  public var description: String { reason }
}
