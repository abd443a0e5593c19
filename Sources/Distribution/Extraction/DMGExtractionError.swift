/// Why a disk image's volume cannot be listed or its files extracted (see ``DMGListing``,
/// ``DMGExtraction`` and ``DMGAppExtraction``).
public enum DMGExtractionError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file is not a readable UDIF image, or its volume cannot be read.
  case unreadableImage(image: String, reason: String)
  /// A path asked for is not on the volume.
  case notOnVolume(image: String, path: String)
  /// An entry of the volume would land outside the folder it is extracted into, or cannot be
  /// written as it is (a name that is empty, `.`, `..`, holds a `/` or a NUL; a parent that is
  /// not a folder; a path that appears twice).
  case unsafeEntry(image: String, entry: String, reason: String)
  /// Writing an extracted item failed.
  case writeFailed(path: String, reason: String)

  /// A sentence naming the image or the path, and the problem.
  public var description: String {
    switch self {
    case .unreadableImage(let image, let reason): "\(image): cannot read the volume: \(reason)"
    case .notOnVolume(let image, let path): "\(image): the volume holds no \(path)"
    case .unsafeEntry(let image, let entry, let reason):
      "\(image): refusing to extract \(entry.debugDescription): \(reason)"
    case .writeFailed(let path, let reason): "cannot write \(path): \(reason)"
    }
  }
}
