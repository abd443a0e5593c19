/// A part's header lines, and what its `Content-Disposition` and `Content-Type` say.
public struct MultipartPartHead: Sendable, Equatable {
  /// One header line.
  public struct Field: Sendable, Equatable {
    /// The name as sent.
    public let name: String
    /// The value, without surrounding spaces.
    public let value: String
  }

  /// Every header line, in order.
  public let fields: [Field]
  /// The form field's name (`name` of `Content-Disposition`), if any.
  public let name: String?
  /// The file name (`filename`), raw as sent: see ``safeFilename``.
  public let filename: String?
  /// The `Content-Type` value, if any.
  public let contentType: String?

  init(fields: [Field]) {
    self.fields = fields
    let disposition = fields.last { $0.name.lowercased() == "content-disposition" }?.value
    let parameters = disposition.map(DispositionParameters.parse) ?? [:]
    name = parameters["name"]
    filename = parameters["filename"]
    contentType = fields.last { $0.name.lowercased() == "content-type" }?.value
  }

  /// The file name's last path component without `..`, backslash- or slash-separated
  /// directories, or control characters; `nil` when nothing usable remains.
  public var safeFilename: String? {
    guard let filename else { return nil }
    let last =
      filename.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
    let cleaned = String(last.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F })
    return cleaned.isEmpty || cleaned == "." || cleaned == ".." ? nil : cleaned
  }
}
