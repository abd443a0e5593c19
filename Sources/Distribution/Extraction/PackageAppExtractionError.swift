/// Why the apps of an installer package could not be copied out of it.
public enum PackageAppExtractionError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The package, or one of its payloads, does not read.
  case unreadablePackage(package: String, reason: String)
  /// An entry of a payload would be written outside its app's folder, through a link, or over
  /// another entry of the same path.
  case unsafeEntry(package: String, entry: String, reason: String)
  /// Writing an extracted item failed.
  case writeFailed(path: String, reason: String)

  /// A sentence naming the package or the path, and the problem.
  public var description: String {
    switch self {
    case .unreadablePackage(let package, let reason):
      "\(package): cannot read its payload: \(reason)"
    case .unsafeEntry(let package, let entry, let reason):
      "\(package): the payload's \(entry) cannot be extracted: \(reason)"
    case .writeFailed(let path, let reason): "\(path): \(reason)"
    }
  }
}
