public import Foundation

/// How ``MultipartUploader`` sends a form.
public struct MultipartUploadOptions: Sendable {
  /// The size in bytes from which bodies go through a temporary file.
  ///
  /// Smaller bodies are encoded in memory; larger ones are streamed to a temporary file first.
  /// The default is 10 MB, as in Alamofire.
  public var memoryThreshold: Int64
  /// The folder for temporary body files; by default the system's temporary folder.
  public var temporaryDirectory: URL?

  /// Makes options.
  ///
  /// - Parameters:
  ///   - memoryThreshold: The largest body, in bytes, encoded in memory.
  ///   - temporaryDirectory: Where temporary body files go; `nil` for the system's.
  public init(memoryThreshold: Int64 = 10_000_000, temporaryDirectory: URL? = nil) {
    self.memoryThreshold = memoryThreshold
    self.temporaryDirectory = temporaryDirectory
  }
}
