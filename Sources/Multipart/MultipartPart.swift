public import Foundation

/// One part of a form: its field name, optional filename and type, extra headers, and body.
///
/// Parts are made through ``MultipartFormData``'s `add` methods, which check their input.
public struct MultipartPart: Sendable {
  /// Where a part's bytes come from.
  public enum Body: Sendable {
    /// Bytes held in memory.
    case data(Data)
    /// A file on disk, streamed when the form is encoded; `length` is its size when it was added.
    case file(path: String, length: Int64)
    /// A stream of known length, opened afresh each time the form is encoded.
    case stream(length: Int64, open: @Sendable () throws -> any MultipartByteSource)

    /// The number of bytes the body contributes.
    public var length: Int64 {
      switch self {
      case .data(let data): Int64(data.count)
      case .file(_, let length), .stream(let length, _): length
      }
    }
  }

  /// The field name, as given (escaping happens when the part is written).
  public let name: String
  /// The filename, if the part is a file.
  public let filename: String?
  /// The value of the part's `Content-Type` header, if it has one.
  public let contentType: String?
  /// Headers written after `Content-Disposition` and `Content-Type`.
  public let headers: [MultipartHeader]
  /// The part's bytes.
  public let body: Body

  init(
    name: String, filename: String?, contentType: String?, headers: [MultipartHeader], body: Body
  ) {
    self.name = name
    self.filename = filename
    self.contentType = contentType
    self.headers = headers
    self.body = body
  }

  /// The part's header block, ending with the empty line before the body.
  var headerBytes: [UInt8] {
    var text = "Content-Disposition: form-data; name=\"\(HeaderSyntax.escapeFieldName(name))\""
    if let filename {
      text += "; filename=\"\(HeaderSyntax.escapeFilename(filename))\""
    }
    text += "\r\n"
    if let contentType {
      text += "Content-Type: \(HeaderSyntax.sanitizeValue(contentType))\r\n"
    }
    for header in headers {
      text += "\(header.name): \(header.value)\r\n"
    }
    text += "\r\n"
    return Array(text.utf8)
  }
}
