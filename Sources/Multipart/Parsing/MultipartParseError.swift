/// Why a multipart body could not be parsed, and where.
public struct MultipartParseError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The kind of problem.
  public enum Code: String, Sendable {
    /// The boundary is empty, too long or has characters RFC 2046 does not allow.
    case invalidBoundary
    /// The body holds more parts than ``MultipartParserLimits/maximumParts``.
    case tooManyParts
    /// A part's header lines exceed ``MultipartParserLimits/maximumHeaderBytes``.
    case headersTooLarge
    /// A part has more header lines than ``MultipartParserLimits/maximumHeadersPerPart``.
    case tooManyHeaders
    /// A part's body exceeds ``MultipartParserLimits/maximumFieldBytes``.
    case fieldTooLarge
    /// The body exceeds ``MultipartParserLimits/maximumTotalBytes``.
    case bodyTooLarge
    /// A header line is not `name: value`.
    case malformedHeader
    /// A boundary line is followed by something other than a line break or `--`.
    case malformedDelimiter
    /// The body ended before the closing delimiter.
    case unexpectedEnd
    /// A part has no `Content-Disposition` header (RFC 7578 §4.2 requires one); the offset is
    /// that of the part's first header byte.
    case missingContentDisposition
    /// A part's `Content-Disposition` type is not `form-data` (such as `attachment`); the
    /// offset is that of the header line.
    case dispositionNotFormData
    /// A part's `Content-Disposition` parameters do not follow the grammar: a parameter without
    /// `=` or a name, a quoted value with no closing quote, text after a closing quote.
    case malformedDisposition
    /// A part's `Content-Disposition` has no `name` parameter (RFC 7578 §4.2 requires one).
    case missingName
  }

  /// The kind of problem.
  public let code: Code
  /// The offset in the body, in bytes, where the problem was found.
  public let offset: Int64
  /// A sentence naming the problem.
  public let message: String

  /// Makes an error.
  public init(_ code: Code, at offset: Int64, _ message: String) {
    self.code = code
    self.offset = offset
    self.message = message
  }

  /// The message and the offset.
  public var description: String { "\(message) (at byte \(offset))" }
}
