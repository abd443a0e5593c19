/// Why an app cannot be zipped (see ``AppZip``).
public enum AppZipError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The path is not a folder (a file, a link, or nothing).
  case notAFolder(String)
  /// The zip would be written inside the app it holds.
  case outputInsideApp(app: String, output: String)
  /// Reading the app or writing the zip failed: a file that cannot be read, one that is not a
  /// file, folder or link, a name a zip cannot hold, a full disk.
  case failed(app: String, reason: String)

  /// A sentence naming the app or the file, and the problem.
  public var description: String {
    switch self {
    case .notAFolder(let path): "\(path) is not an app's folder"
    case .outputInsideApp(let app, let output):
      "\(output) lies inside \(app): the zip would change the app it holds"
    case .failed(let app, let reason): "cannot zip \(app): \(reason)"
    }
  }
}
