/// Why a volume cannot be built or read.
public enum HFSPlusError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A name HFS+ cannot store.
  case invalidName(String, reason: String)
  /// Two names in one folder that HFS+ sees as the same.
  case conflictingNames(folder: String, first: String, second: String)
  /// The source tree holds something that cannot go on the volume.
  case unsupportedSource(path: String, reason: String)
  /// Reading the source failed.
  case sourceReadFailed(path: String, reason: String)
  /// The volume grew past what HFS+ addresses.
  case volumeTooLarge(bytes: Int64)
  /// A volume being read is not HFS+ or is damaged.
  case malformedVolume(String)

  /// A sentence naming the problem and where it is.
  public var description: String {
    switch self {
    case .invalidName(let name, let reason):
      "invalid name \(name.debugDescription): \(reason)"
    case .conflictingNames(let folder, let first, let second):
      "\(folder): \(first.debugDescription) and \(second.debugDescription) are the same name on HFS+ (it ignores case and Unicode normalization)"
    case .unsupportedSource(let path, let reason):
      "\(path): \(reason)"
    case .sourceReadFailed(let path, let reason):
      "cannot read \(path): \(reason)"
    case .volumeTooLarge(let bytes):
      "the volume would need \(bytes) bytes, more than HFS+ with 4 KiB blocks can address"
    case .malformedVolume(let reason):
      "not a readable HFS+ volume: \(reason)"
    }
  }
}
