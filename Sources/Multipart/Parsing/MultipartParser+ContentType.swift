extension MultipartParser {
  /// Makes a parser for a body whose `Content-Type` header is `contentType`, such as
  /// `multipart/form-data; boundary="----x"`.
  ///
  /// - Throws: ``MultipartParseError`` with code `invalidBoundary` when the value is not a
  ///   multipart media type with a valid `boundary` parameter.
  public init(
    contentType: String, limits: MultipartParserLimits = MultipartParserLimits(),
    allowsBareLineFeeds: Bool = true, requiresFormDataDisposition: Bool = true
  ) throws(MultipartParseError) {
    let mediaType = Substring(contentType.prefix { $0 != ";" }).trimmingSpaces
    guard mediaType.lowercased().hasPrefix("multipart/") else {
      throw MultipartParseError(
        .invalidBoundary, at: 0,
        "the content type \(contentType.debugDescription) is not multipart (such as multipart/form-data; boundary=...)"
      )
    }
    guard let boundary = DispositionParameters.parse(contentType)["boundary"] else {
      throw MultipartParseError(
        .invalidBoundary, at: 0,
        "the content type \(contentType.debugDescription) has no boundary parameter")
    }
    try self.init(
      boundary: boundary, limits: limits, allowsBareLineFeeds: allowsBareLineFeeds,
      requiresFormDataDisposition: requiresFormDataDisposition)
  }
}
