public import Foundation

/// A `multipart/form-data` body: text fields and files, encoded in memory or streamed.
///
/// Build a form, then send ``contentType`` as the request's `Content-Type` and the body:
///
/// ```swift
/// var formData = MultipartFormData()
/// formData.addString("Istanbul", forField: "location")
/// formData.addFile(named: "avatar.jpg", data: jpegData, mimeType: "image/jpeg", forField: "avatar")
/// request.setValue(formData.contentType, forHTTPHeaderField: "Content-Type")
/// request.httpBody = formData.makeBody()
/// ```
///
/// Files added with ``addFile(at:forField:filename:mimeType:headers:)`` are streamed from disk
/// when the body is encoded, never read whole into memory; ``contentLength`` is the exact size of
/// the body before anything is encoded. Names and filenames are escaped exactly as browsers do
/// (WHATWG: `"`, CR and LF become `%22`, `%0D`, `%0A`; UTF-8 stays as is), so no input can start a
/// new header line or a new part.
public struct MultipartFormData: Sendable {
  // MARK: - Properties

  /// The boundary between parts.
  public private(set) var boundary: MultipartBoundary
  /// The parts, in the order they were added.
  public private(set) var parts: [MultipartPart] = []
  /// Whether the boundary was chosen by the caller, so that it must not be replaced.
  private let boundaryIsFixed: Bool

  // MARK: - Lifecycle

  /// Makes an empty form with a random boundary.
  ///
  /// Should an in-memory part ever contain the random boundary, the form picks a new one.
  public init() {
    boundary = .random()
    boundaryIsFixed = false
  }

  /// Makes an empty form with a fixed boundary.
  ///
  /// Encoding throws `boundaryInPart` if an in-memory part contains it.
  ///
  /// - Parameter boundary: The boundary to use.
  public init(boundary: MultipartBoundary) {
    self.boundary = boundary
    boundaryIsFixed = true
  }

  // MARK: - API

  /// The value for the request's `Content-Type` header:
  /// `multipart/form-data; boundary=…`.
  public var contentType: String {
    "multipart/form-data; boundary=\(boundary.parameterValue)"
  }

  /// The exact number of bytes the encoded body has, headers and delimiters included.
  ///
  /// - Complexity: O(*n*) in the number of parts; no part is read.
  public var contentLength: Int64 {
    EncodingPlan(self).length
  }

  /// Adds a text field.
  ///
  /// - Parameters:
  ///   - value: The field's value, sent as UTF-8 bytes without a `Content-Type`.
  ///   - name: The field name.
  public mutating func addString(_ value: String, forField name: String) {
    add(
      MultipartPart(
        name: name, filename: nil, contentType: nil, headers: [], body: .data(Data(value.utf8))))
  }

  /// Adds a file from bytes in memory.
  ///
  /// - Parameters:
  ///   - filename: The filename sent to the server.
  ///   - data: The file's bytes.
  ///   - mimeType: The file's MIME type; CR, LF and NUL in it are percent-encoded.
  ///   - name: The field name.
  public mutating func addFile(
    named filename: String, data: Data, mimeType: String, forField name: String
  ) {
    add(
      MultipartPart(
        name: name, filename: filename, contentType: mimeType, headers: [], body: .data(data)))
  }

  /// Adds a part from bytes in memory, with full control over its headers.
  ///
  /// - Parameters:
  ///   - data: The part's bytes.
  ///   - name: The field name.
  ///   - filename: The filename, or `nil` for a non-file field.
  ///   - mimeType: The `Content-Type`, or `nil` for none.
  ///   - headers: Extra headers for this part.
  public mutating func addData(
    _ data: Data,
    forField name: String,
    filename: String? = nil,
    mimeType: String? = nil,
    headers: [MultipartHeader] = []
  ) {
    add(
      MultipartPart(
        name: name, filename: filename, contentType: mimeType, headers: headers, body: .data(data)))
  }

  /// Adds a file from disk, to be streamed when the body is encoded.
  ///
  /// The file must exist, be a regular file and be readable now; its size is recorded, and
  /// encoding fails with `lengthMismatch` if it changes before then.
  ///
  /// - Parameters:
  ///   - url: A file URL.
  ///   - name: The field name.
  ///   - filename: The filename sent; by default the URL's last path component.
  ///   - mimeType: The MIME type; by default judged from the filename's extension
  ///     (see ``MIMETypes``).
  ///   - headers: Extra headers for this part.
  /// - Throws: ``MultipartEncodingError`` with code `notAFileURL`, `fileNotFound` or
  ///   `fileNotReadable`.
  public mutating func addFile(
    at url: URL,
    forField name: String,
    filename: String? = nil,
    mimeType: String? = nil,
    headers: [MultipartHeader] = []
  ) throws(MultipartEncodingError) {
    guard url.isFileURL else {
      throw MultipartEncodingError(
        .notAFileURL,
        "not a file URL: \(url.absoluteString)\(MultipartEncodingError.context(field: name))")
    }
    let length = try FilePartSource.checkedLength(ofFileAt: url.path, field: name)
    let sentName = filename ?? url.lastPathComponent
    add(
      MultipartPart(
        name: name,
        filename: sentName,
        contentType: mimeType ?? MIMETypes.type(forFilename: sentName),
        headers: headers,
        body: .file(path: url.path, length: length)
      )
    )
  }

  /// Adds a part whose bytes come from a stream of known length.
  ///
  /// `open` is called each time the body is encoded and must return a fresh source positioned at
  /// its start; encoding fails with `lengthMismatch` if the source ends early or has more bytes.
  ///
  /// - Parameters:
  ///   - length: The exact number of bytes the source gives.
  ///   - name: The field name.
  ///   - filename: The filename, or `nil` for a non-file field.
  ///   - mimeType: The `Content-Type`; by default judged from `filename` when there is one.
  ///   - headers: Extra headers for this part.
  ///   - open: Makes a new source.
  public mutating func addStream(
    length: Int64,
    forField name: String,
    filename: String? = nil,
    mimeType: String? = nil,
    headers: [MultipartHeader] = [],
    open: @escaping @Sendable () throws -> any MultipartByteSource
  ) {
    precondition(length >= 0, "a stream part's length cannot be negative")
    let type = mimeType ?? filename.map(MIMETypes.type(forFilename:))
    add(
      MultipartPart(
        name: name, filename: filename, contentType: type, headers: headers,
        body: .stream(length: length, open: open)))
  }

  // MARK: - Boundary collisions

  private mutating func add(_ part: MultipartPart) {
    parts.append(part)
    guard !boundaryIsFixed, case .data(let data) = part.body,
      BoundaryScanner(boundary).occurs(in: data)
    else { return }
    repeat { boundary = .random() } while firstPartContainingBoundary() != nil
  }

  /// The index of the first in-memory part that contains the boundary, if any.
  func firstPartContainingBoundary() -> Int? {
    let scanner = BoundaryScanner(boundary)
    return parts.firstIndex { part in
      if case .data(let data) = part.body { return scanner.occurs(in: data) }
      return false
    }
  }
}
