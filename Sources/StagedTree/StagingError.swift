/// Why a tree cannot be staged for a volume.
public enum StagingError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Reading the source failed.
  case sourceReadFailed(path: String, reason: String)
  /// The source holds something that cannot go on a volume.
  case unsupportedSource(path: String, reason: String)
  /// An item would take a name already taken in its folder.
  case nameTaken(folder: String, name: String, by: String)

  /// A sentence naming the problem and where it is.
  public var description: String {
    switch self {
    case .sourceReadFailed(let path, let reason):
      "cannot read \(path): \(reason)"
    case .unsupportedSource(let path, let reason):
      "\(path): \(reason)"
    case .nameTaken(let folder, let name, let by):
      "\(folder): the source already has an item named \(name.debugDescription), the name \(by) needs"
    }
  }
}
