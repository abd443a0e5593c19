/// Bounds on what a ``MultipartParser`` accepts, so a hostile body cannot exhaust memory or time.
///
/// Each limit has its own ``MultipartParseError/Code``. The defaults suit uploads to a server:
/// raise ``maximumFieldBytes`` and ``maximumTotalBytes`` for big files.
public struct MultipartParserLimits: Sendable, Equatable {
  /// The most parts a body may hold.
  public var maximumParts = 1000
  /// The most bytes of header lines one part may have, line breaks included.
  public var maximumHeaderBytes = 16 * 1024
  /// The most header lines one part may have.
  public var maximumHeadersPerPart = 32
  /// The most bytes one part's body may have.
  public var maximumFieldBytes: Int64 = 1 << 30
  /// The most bytes the whole body may have, preamble and epilogue included.
  public var maximumTotalBytes: Int64 = 4 << 30
  /// The longest boundary accepted (RFC 2046 allows 70).
  public var maximumBoundaryLength = 200

  /// The default limits.
  public init() {}
}
