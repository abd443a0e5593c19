/// Why a Retina background cannot be made.
package enum BackgroundPictureError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The 2x picture is not exactly twice the 1x in each dimension.
  case sizeMismatch(
    standard: String, standardWidth: Int, standardHeight: Int, double: String, doubleWidth: Int,
    doubleHeight: Int)
  /// A picture does not decode (or is not a format the Retina background takes).
  case undecodable(path: String, reason: String)
  /// Writing the TIFF failed.
  case encodingFailed(String)

  /// A sentence naming the problem and where it is.
  package var description: String {
    switch self {
    case .sizeMismatch(let standard, let width, let height, let double, let width2, let height2):
      "the 2x background \(double) is \(width2)×\(height2) pixels; it must be exactly twice \(standard), which is \(width)×\(height), so \(width * 2)×\(height * 2)"
    case .undecodable(let path, let reason):
      "\(path): \(reason)"
    case .encodingFailed(let reason):
      "cannot write the Retina background TIFF: \(reason)"
    }
  }
}
