/// How much of an upload's body has been sent.
public struct UploadProgress: Hashable, Sendable {
  /// Bytes of the body sent so far.
  public let bytesSent: Int64
  /// The body's total size in bytes.
  public let totalBytes: Int64

  /// Makes a progress value.
  ///
  /// - Parameters:
  ///   - bytesSent: Bytes sent so far.
  ///   - totalBytes: The body's total size.
  public init(bytesSent: Int64, totalBytes: Int64) {
    self.bytesSent = bytesSent
    self.totalBytes = totalBytes
  }

  /// The share sent, from 0 to 1 (1 for an empty body).
  public var fractionCompleted: Double {
    totalBytes > 0 ? Double(bytesSent) / Double(totalBytes) : 1
  }
}
