/// Why the apps of a disk image cannot be extracted (see ``DMGAppExtraction``).
public enum DMGAppExtractionError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file is not a readable UDIF image, or its volume cannot be read.
  case unreadableImage(image: String, reason: String)
  /// An entry of the volume would land outside its app's folder, or cannot be written as it is
  /// (a name that is empty, `.`, `..` or holds a NUL; a parent that is not a folder; a path
  /// that appears twice).
  case unsafeEntry(image: String, entry: String, reason: String)
  /// Writing an extracted item failed.
  case writeFailed(path: String, reason: String)

  /// A sentence naming the image or the path, and the problem.
  public var description: String {
    switch self {
    case .unreadableImage(let image, let reason): "\(image): cannot read the volume: \(reason)"
    case .unsafeEntry(let image, let entry, let reason):
      "\(image): refusing to extract \(entry.debugDescription): \(reason)"
    case .writeFailed(let path, let reason): "cannot write \(path): \(reason)"
    }
  }
}
