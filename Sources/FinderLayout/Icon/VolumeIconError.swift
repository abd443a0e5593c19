/// Why a PNG cannot be made into a volume icon.
package enum VolumeIconError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The PNG is not square.
  case notSquare(path: String, width: Int, height: Int)
  /// The PNG is smaller than the smallest icon, 16×16 pixels.
  case tooSmall(path: String, width: Int, height: Int)
  /// The PNG does not decode.
  case undecodable(path: String, reason: String)
  /// Writing a picture of the icon failed.
  case encodingFailed(path: String, reason: String)

  /// A sentence naming the problem and where it is.
  package var description: String {
    switch self {
    case .notSquare(let path, let width, let height):
      "\(path): a volume icon is square, but this PNG is \(width)×\(height) pixels; crop or pad it to a square (1024×1024 gives every size)"
    case .tooSmall(let path, let width, let height):
      "\(path): this PNG is \(width)×\(height) pixels, but a volume icon needs at least 16×16 (1024×1024 gives every size)"
    case .undecodable(let path, let reason):
      "\(path): cannot read this PNG: \(reason)"
    case .encodingFailed(let path, let reason):
      "cannot write the volume icon made from \(path): \(reason)"
    }
  }
}
