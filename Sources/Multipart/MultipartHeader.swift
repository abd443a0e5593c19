/// An extra header line for one part, checked so that it cannot break the body's framing.
///
/// The name must be an HTTP token; the value may hold any UTF-8 except CR, LF and NUL.
/// `Content-Disposition` and `Content-Type` are written by the form itself and cannot be added.
///
/// ```swift
/// let header = try MultipartHeader(name: "Content-ID", value: "<photo-1>")
/// try form.addFile(at: photoURL, forField: "photo", headers: [header])
/// ```
public struct MultipartHeader: Hashable, Sendable {
  /// The header's name, such as `Content-ID`.
  public let name: String
  /// The header's value, written after `name: `.
  public let value: String

  /// Checks and makes a header.
  ///
  /// - Parameters:
  ///   - name: An HTTP token (RFC 9110), such as `X-Checksum`.
  ///   - value: The value; leading and trailing spaces are kept.
  /// - Throws: ``MultipartEncodingError`` with code `invalidHeader` naming the problem.
  public init(name: String, value: String) throws(MultipartEncodingError) {
    guard !name.isEmpty, name.utf8.allSatisfy(HeaderSyntax.isTokenCharacter) else {
      throw MultipartEncodingError(
        .invalidHeader,
        "invalid part header name \(name.debugDescription): it must be a token (letters, digits and !#$%&'*+-.^_`|~)"
      )
    }
    let reserved = ["content-disposition", "content-type"]
    guard !reserved.contains(name.lowercased()) else {
      throw MultipartEncodingError(
        .invalidHeader,
        "part header \(name) is written by the form itself: pass the field name, filename or MIME type instead"
      )
    }
    if let index = value.utf8.firstIndex(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }) {
      let offset = value.utf8.distance(from: value.utf8.startIndex, to: index)
      throw MultipartEncodingError(
        .invalidHeader,
        "invalid value for part header \(name): byte \(offset + 1) is CR, LF or NUL, which would end the header line"
      )
    }
    self.name = name
    self.value = value
  }
}
