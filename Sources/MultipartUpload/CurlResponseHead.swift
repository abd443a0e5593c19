#if canImport(CCurlTransfer)
import Foundation
import FoundationNetworking

/// The head of the last response a libcurl transfer received, gathered from its header lines.
///
/// libcurl hands over every head it reads: interim responses (`100 Continue`), a proxy's answer
/// to `CONNECT`, and trailer fields after a chunked body. A status line starts a new head and the
/// blank line ends it, so the final response's head is the one kept, without trailers. A field
/// repeated (in any letter case) is joined with commas.
struct CurlResponseHead {
  private(set) var httpVersion: String?
  private(set) var fields: [String: String] = [:]
  /// Each field's name as first received, by its lowercased name.
  private var names: [String: String] = [:]
  private var isComplete = false

  /// Takes one header line as libcurl passes it, its CRLF included.
  mutating func take(_ line: UnsafeRawBufferPointer) {
    let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    if text.hasPrefix("HTTP/") {
      httpVersion = text.split(separator: " ", maxSplits: 1).first.map(String.init)
      fields = [:]
      names = [:]
      isComplete = false
    } else if text.isEmpty {
      isComplete = true
    } else if !isComplete, let colon = text.firstIndex(of: ":") {
      let name = String(text[..<colon]).trimmingCharacters(in: .whitespaces)
      let value = String(text[text.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
      let key = names[name.lowercased(), default: name]
      names[name.lowercased()] = key
      fields[key] = fields[key].map { "\($0), \(value)" } ?? value
    }
  }

  /// The response for `url` with `statusCode`.
  func response(for url: URL?, statusCode: Int) throws -> HTTPURLResponse {
    guard let url, statusCode > 0,
      let response = HTTPURLResponse(
        url: url, statusCode: statusCode, httpVersion: httpVersion, headerFields: fields)
    else { throw MultipartUploadError.notHTTPResponse }
    return response
  }
}
#endif
