/// Why an APFS volume cannot be built or read.
public enum APFSError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A name APFS cannot store.
  case invalidName(String, reason: String)
  /// Two names in one folder that the volume sees as the same.
  case conflictingNames(folder: String, first: String, second: String, caseSensitive: Bool)
  /// An item the volume cannot hold as it is, such as a link target past 1,023 bytes.
  case unsupportedItem(path: String, reason: String)
  /// The container grew past what this writer lays out.
  case containerTooLarge(bytes: Int64)
  /// A container being read is not APFS, or is damaged.
  case malformedContainer(String)

  /// A sentence naming the problem and where it is.
  public var description: String {
    switch self {
    case .invalidName(let name, let reason):
      "invalid name \(name.debugDescription): \(reason)"
    case .conflictingNames(let folder, let first, let second, let caseSensitive):
      "\(folder): \(first.debugDescription) and \(second.debugDescription) are the same name on "
        + (caseSensitive
          ? "a case-sensitive APFS volume (it ignores Unicode normalization)"
          : "APFS (it ignores case and Unicode normalization)")
    case .unsupportedItem(let path, let reason):
      "\(path): \(reason)"
    case .containerTooLarge(let bytes):
      "the container would need \(bytes) bytes, more than this writer lays out"
    case .malformedContainer(let reason):
      "not a readable APFS container: \(reason)"
    }
  }
}
