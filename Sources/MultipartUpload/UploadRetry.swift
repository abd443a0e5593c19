/// A retry ``MultipartUploader`` is about to make, as ``UploadRetryPolicy/willRetry`` hears of it.
public struct UploadRetry: Hashable, Sendable {
  /// The number of the attempt to come: 2 for the first retry.
  public let attempt: Int
  /// How many attempts the policy allows in all.
  public let attempts: Int
  /// The wait before it.
  public let delay: Duration
  /// Why the last attempt failed, in a few words: the server's status or the connection's error.
  public let reason: String
}
