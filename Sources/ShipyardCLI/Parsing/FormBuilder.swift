import Foundation
import Multipart

/// Turns `-F` specifications into a form, reading the files they name.
struct FormBuilder {
  /// Reads all of standard input, for `@-`.
  var readStandardInput: () throws -> Data = { FileHandle.standardInput.readDataToEndOfFile() }

  func makeForm(
    fields: [FormFieldSpecification],
    boundary: MultipartBoundary?
  ) throws(CommandError) -> MultipartFormData {
    var form = boundary.map(MultipartFormData.init(boundary:)) ?? MultipartFormData()
    for field in fields {
      do {
        try add(field, to: &form)
      } catch let error as MultipartEncodingError {
        throw .failure(error.description)
      } catch let error as CommandError {
        throw error
      } catch {
        throw .failure("\(error)")
      }
    }
    return form
  }

  private func add(_ field: FormFieldSpecification, to form: inout MultipartFormData) throws {
    let headers = try field.headers.flatMap(Self.readHeaders)
    switch field.content {
    case .text(let value):
      form.addData(
        Data(value.utf8), forField: field.name, filename: field.filename,
        mimeType: field.contentType, headers: headers)
    case .textFile(let path):
      form.addData(
        try Self.read(path, for: field), forField: field.name, mimeType: field.contentType,
        headers: headers)
    case .file(path: "-"):
      let filename = field.filename ?? "-"
      form.addData(
        try readStandardInput(),
        forField: field.name,
        filename: filename,
        mimeType: field.contentType ?? MIMETypes.type(forFilename: filename),
        headers: headers
      )
    case .file(let path):
      try form.addFile(
        at: URL(fileURLWithPath: path),
        forField: field.name,
        filename: field.filename,
        mimeType: field.contentType,
        headers: headers
      )
    }
  }

  private static func read(_ path: String, for field: FormFieldSpecification) throws -> Data {
    do {
      return try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw CommandError.failure(
        "cannot read \(path) (field \"\(field.name)\"): \(FileErrorWords.reason(error))")
    }
  }

  /// Parses `Name: value` lines; a header file may hold several, with `#` comments and
  /// continuation lines that start with a space, as curl reads them.
  private static func readHeaders(_ header: FormFieldSpecification.Header) throws
    -> [MultipartHeader]
  {
    switch header {
    case .line(let line):
      return [try parseHeader(line, source: "headers=")]
    case .file(let path):
      let text: String
      do {
        text = try String(contentsOfFile: path, encoding: .utf8)
      } catch {
        throw CommandError.failure(
          "cannot read header file \(path): \(FileErrorWords.reason(error))")
      }
      var lines: [String] = []
      for raw in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
        if raw.hasPrefix("#") { continue }
        if raw.first == " " || raw.first == "\t", !lines.isEmpty {
          lines[lines.count - 1] += " " + raw.trimmingSpaces
        } else {
          lines.append(String(raw))
        }
      }
      return try lines.enumerated().map { index, line in
        try parseHeader(line, source: "\(path) line \(index + 1)")
      }
    }
  }

  private static func parseHeader(_ line: String, source: String) throws -> MultipartHeader {
    guard let colon = line.firstIndex(of: ":") else {
      throw CommandError.failure(
        "header \(line.debugDescription) in \(source) has no ':' (expected Name: value)")
    }
    return try MultipartHeader(
      name: line[..<colon].trimmingSpaces, value: line[line.index(after: colon)...].trimmingSpaces)
  }
}
