/// A file that cannot be read as Mach-O: what is wrong, and where.
///
/// The Mach-O reader throws it for every damaged or hostile structure (it never traps), with the
/// file's path, the slice's architecture once it is known, and the offset of the bad field.
public struct MachOError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What kind of damage it is.
  public enum Kind: Equatable, Sendable {
    /// The file starts with no Mach-O or universal magic.
    case notMachO
    /// The universal (fat) header or its architecture table is damaged.
    case malformedFatHeader
    /// The Mach-O header is damaged or cut short.
    case malformedHeader
    /// A load command is damaged: its size, its fields, or what it points at.
    case malformedLoadCommand
  }

  // MARK: - Properties

  /// What kind of damage it is.
  public let kind: Kind
  /// The file's path.
  public let path: String
  /// The slice's architecture, such as `arm64`, once the header has named it.
  public let architecture: String?
  /// The offset (from the start of the slice, or of the file for the fat header) of the field
  /// at fault.
  public let offset: Int?
  /// What is wrong, in words.
  public let reason: String

  // MARK: - Lifecycle

  /// Describes a damaged Mach-O structure.
  package init(
    _ kind: Kind, path: String, architecture: String? = nil, offset: Int? = nil, reason: String
  ) {
    self.kind = kind
    self.path = path
    self.architecture = architecture
    self.offset = offset
    self.reason = reason
  }

  // MARK: - API

  /// A sentence naming the file, the slice and the problem.
  public var description: String {
    let slice = architecture.map { " (\($0) slice)" } ?? ""
    let place = offset.map { " at offset \($0)" } ?? ""
    return "\(path)\(slice) is not a valid Mach-O file: \(reason)\(place)"
  }
}
