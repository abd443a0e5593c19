/// An error that stops a form from being built or encoded, with what and where.
///
/// Compare ``code`` to tell errors apart; ``description`` is a sentence for people that names
/// the part, file or header concerned.
///
/// ```swift
/// do {
///   try form.addFile(at: url, forField: "upload")
/// } catch let error as MultipartEncodingError where error.code == .fileNotFound {
///   print(error)  // "file not found: /tmp/missing.bin (field "upload")"
/// }
/// ```
public struct MultipartEncodingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The kind of problem, as a value that can gain new members without breaking clients.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private let name: String
    private init(_ name: String) { self.name = name }

    /// The boundary is empty, longer than 70 characters, or has a character RFC 2046 forbids.
    public static let invalidBoundary = Code("invalidBoundary")
    /// A fixed boundary occurs inside a part's bytes, so the body would split there.
    public static let boundaryInPart = Code("boundaryInPart")
    /// A header name or value is invalid (empty, not a token, or holding CR, LF or NUL).
    public static let invalidHeader = Code("invalidHeader")
    /// A file part's URL is not a file URL.
    public static let notAFileURL = Code("notAFileURL")
    /// A file part's file does not exist.
    public static let fileNotFound = Code("fileNotFound")
    /// A file part's file exists but cannot be read (permissions, or not a regular file).
    public static let fileNotReadable = Code("fileNotReadable")
    /// A file or stream gave fewer or more bytes than the length the form was built with.
    public static let lengthMismatch = Code("lengthMismatch")
    /// Reading a part's file or stream failed.
    public static let readFailed = Code("readFailed")
    /// Writing the encoded body failed.
    public static let writeFailed = Code("writeFailed")

    /// The code's name, such as `fileNotFound`.
    public var description: String { name }
  }

  /// The kind of problem.
  public let code: Code
  /// A sentence naming the problem and where it is.
  public let description: String

  init(_ code: Code, _ description: String) {
    self.code = code
    self.description = description
  }
}

extension MultipartEncodingError {
  static func context(field: String?) -> String {
    guard let field else { return "" }
    return " (field \"\(field)\")"
  }
}
