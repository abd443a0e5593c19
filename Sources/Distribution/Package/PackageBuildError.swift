/// Why `pkg build` could not start on its source.
public enum PackageBuildError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The source (or the scripts) is not a folder.
  case notAFolder(String)
  /// The options leave a value to the source, which has none (a folder, or an app without it).
  case missing(String, source: String)
  /// An app's Info.plist is missing or does not read.
  case unreadableInfo(String, reason: String)

  /// The problem, naming the path.
  public var description: String {
    switch self {
    case .notAFolder(let path): "\(path) is not a folder (an app or a folder of files)"
    case .missing(let option, let source):
      "\(source) does not say the package's \(option.dropFirst(2)): give \(option)"
    case .unreadableInfo(let path, let reason): "\(path) does not read: \(reason)"
    }
  }
}
