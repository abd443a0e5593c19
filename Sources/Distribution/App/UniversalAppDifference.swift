/// One way the two apps of a universal merge differ at a path, where the merge cannot join them:
/// what ``UniversalAppMergeError`` lists.
public struct UniversalAppDifference: Sendable, Equatable, Encodable, CustomStringConvertible {
  /// What differs.
  public enum Kind: Sendable, Equatable, Encodable {
    /// Two data files (not Mach-O) hold different bytes.
    case content
    /// The permission bits differ (octal, as `ls -l` and `stat` show them).
    case mode(first: UInt32, second: UInt32)
    /// One is a folder, a file or a symbolic link, the other something else.
    case kind(first: String, second: String)
    /// Two symbolic links point at different destinations.
    case linkDestination(first: String, second: String)
    /// One side has the entry (a folder, a file, a Mach-O file or a link), the other none.
    case onlyIn(UniversalAppMerge.Side, what: String)
    /// One side has a Mach-O file, the other a data file.
    case machOAgainstData(machOIn: UniversalAppMerge.Side)
    /// Both Mach-O files hold a slice of this architecture (and are not the same file).
    case sameArchitecture(String)
  }

  /// The path inside the apps, such as `Contents/Resources/app.asar`.
  public let path: String
  /// What differs.
  public let kind: Kind

  /// Describes a difference.
  public init(path: String, kind: Kind) {
    self.path = path
    self.kind = kind
  }

  /// The path and what differs, in words.
  public var description: String {
    let shown = path.isEmpty ? "the apps' folders" : path
    switch kind {
    case .content: return "\(shown): the content differs"
    case .mode(let first, let second):
      return "\(shown): the mode differs (\(Self.octal(first)) in the first app, "
        + "\(Self.octal(second)) in the second)"
    case .kind(let first, let second):
      return "\(shown): a \(first) in the first app, a \(second) in the second"
    case .linkDestination(let first, let second):
      return "\(shown): the link points at \(first.debugDescription) in the first app, "
        + "\(second.debugDescription) in the second"
    case .onlyIn(let side, let what): return "\(shown): \(what) only in the \(side) app"
    case .machOAgainstData(let side):
      return "\(shown): Mach-O in the \(side) app, a data file in the \(side.other) one"
    case .sameArchitecture(let architecture):
      return "\(shown): both files have an \(architecture) slice, and they differ"
    }
  }

  private static func octal(_ mode: UInt32) -> String { "0" + String(mode, radix: 8) }
}
