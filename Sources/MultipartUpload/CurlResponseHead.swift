#if canImport(CCurlTransfer)
import Foundation
import FoundationNetworking

/// The head of the last response a libcurl transfer received, gathered from its header lines.
///
/// libcurl hands over every response's head, interim ones (`100 Continue`) included: a status
/// line starts a new head, so the final response's is the one kept.
struct CurlResponseHead {
  private(set) var httpVersion: String?
  private(set) var fields: [String: String] = [:]

  /// Takes one header line as libcurl passes it, its CRLF included.
  mutating func take(_ line: UnsafeRawBufferPointer) {
    let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    if text.hasPrefix("HTTP/") {
      httpVersion = text.split(separator: " ", maxSplits: 1).first.map(String.init)
      fields = [:]
    } else if let colon = text.firstIndex(of: ":") {
      let name = String(text[..<colon]).trimmingCharacters(in: .whitespaces)
      let value = String(text[text.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
      fields[name] = fields[name].map { "\($0), \(value)" } ?? value
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
