extension MultipartParser {
  /// Checks RFC 7578 §4.2's rule for one part: a `Content-Disposition` header of type
  /// `form-data`, with a well-formed parameter list holding `name`.
  ///
  /// - Parameters:
  ///   - fields: The part's header lines.
  ///   - lineOffsets: The body offset of each of `fields`' lines.
  ///   - headersOffset: The body offset of the part's first header byte.
  ///   - part: The part's number, from 1.
  /// - Throws: ``MultipartParseError`` with code `missingContentDisposition`,
  ///   `dispositionNotFormData`, `malformedDisposition` or `missingName`.
  static func checkDisposition(
    of fields: [MultipartPartHead.Field], lineOffsets: [Int64], headersOffset: Int64, part: Int
  ) throws(MultipartParseError) {
    guard
      let index = fields.lastIndex(where: { $0.name.lowercased() == "content-disposition" })
    else {
      throw MultipartParseError(
        .missingContentDisposition, at: headersOffset,
        "part \(part) has no Content-Disposition header (form-data parts need one)")
    }
    let value = fields[index].value
    let offset = lineOffsets[index]
    let reading = DispositionParameters.read(value)
    guard reading.type.lowercased() == "form-data" else {
      throw MultipartParseError(
        .dispositionNotFormData, at: offset,
        "part \(part)'s Content-Disposition is \(String(reading.type).debugDescription), not form-data"
      )
    }
    if let problem = reading.problem {
      throw MultipartParseError(
        .malformedDisposition, at: offset,
        "part \(part)'s Content-Disposition \(value.prefix(80).debugDescription) is malformed: \(problem)"
      )
    }
    guard reading.parameters["name"] != nil else {
      throw MultipartParseError(
        .missingName, at: offset,
        "part \(part)'s Content-Disposition has no name parameter (form-data parts need one)")
    }
  }
}
