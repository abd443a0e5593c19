/// Why ``PackageInspection`` cannot read a package: the part concerned and what is wrong.
///
/// ```
/// Demo.pkg: a component package without a Bom (it has PackageInfo, Payload)
/// ```
public struct PackageInspectionError: Error, Equatable, Sendable, CustomStringConvertible {
  private enum Base: Equatable {
    case unreadableArchive
    case notAPackage
    case missingBom
    case unreadableMember
  }

  private let base: Base
  /// The part concerned: `archive`, a component's folder (`.` for a bare component package's
  /// root) or a member's path, such as `Demo.pkg/Bom`.
  public let part: String
  /// What is wrong.
  public let problem: String

  private init(_ base: Base, part: String, problem: String) {
    self.base = base
    self.part = part
    self.problem = problem
  }

  /// The file is not a xar archive that reads: no `xar!` header, a table of contents that is
  /// truncated or does not inflate, a signature outside the file.
  public static func unreadableArchive(_ problem: String) -> Self {
    Self(.unreadableArchive, part: "archive", problem: problem)
  }

  /// The archive reads but holds no component package: no `Bom`, `PackageInfo` or `Payload`.
  public static var notAPackage: Self {
    Self(
      .notAPackage, part: "archive",
      problem: "a xar archive but no installer package: it has no Bom, PackageInfo or Payload")
  }

  /// The component package in `component` has no `Bom`; `has` names the members it has.
  public static func missingBom(in component: String, has: [String]) -> Self {
    Self(
      .missingBom, part: component,
      problem: "a component package without a Bom (it has \(has.joined(separator: ", ")))")
  }

  /// The member at `path` (its `Bom`, `PackageInfo` or `Distribution`) cannot be read.
  public static func unreadableMember(_ path: String, _ problem: String) -> Self {
    Self(.unreadableMember, part: path, problem: problem)
  }

  /// `<part>: <problem>`, or the problem alone for the archive.
  public var description: String { part == "archive" ? problem : "\(part): \(problem)" }
}
