/// How far a build is: the volume's bytes written into the image so far, of all of them.
///
/// ``DMGBuilder/build(progress:)`` reports one after each batch of chunks it writes;
/// ``completedBytes`` grows with each report and the last one equals ``totalBytes``.
public struct DMGBuildProgress: Sendable, Equatable {
  /// The volume's bytes compressed and written so far.
  public let completedBytes: Int64
  /// The volume's size in bytes: what ``completedBytes`` ends at.
  public let totalBytes: Int64

  /// The share done, from 0 to 1.
  public var fractionCompleted: Double {
    totalBytes > 0 ? Double(completedBytes) / Double(totalBytes) : 1
  }

  /// Makes a progress report.
  ///
  /// - Parameters:
  ///   - completedBytes: The volume's bytes written so far.
  ///   - totalBytes: The volume's size in bytes.
  public init(completedBytes: Int64, totalBytes: Int64) {
    self.completedBytes = completedBytes
    self.totalBytes = totalBytes
  }
}
