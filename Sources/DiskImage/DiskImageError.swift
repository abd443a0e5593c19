/// Why a disk image cannot be written or read.
public enum DiskImageError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file is not a UDIF image (no `koly` trailer).
  case notAnImage(String)
  /// A structure of the image is damaged.
  case malformed(String)
  /// A chunk does not decode.
  case chunkDecodingFailed(String)
  /// A chunk type this reader does not decode.
  case unsupportedChunk(String)
  /// Writing the image failed.
  case writeFailed(String)

  /// A sentence naming the problem.
  public var description: String {
    switch self {
    case .notAnImage(let reason): "not a UDIF disk image: \(reason)"
    case .malformed(let reason): "damaged disk image: \(reason)"
    case .chunkDecodingFailed(let reason): "a chunk does not decode: \(reason)"
    case .unsupportedChunk(let name): "\(name) chunks are not supported"
    case .writeFailed(let reason): "cannot write the disk image: \(reason)"
    }
  }
}
