package import Foundation

/// Posts RFC 3161 time-stamp requests to a time-stamp authority.
package struct TimestampClient: Sendable {
  /// Apple's authority.
  package static let defaultURL = "http://timestamp.apple.com/ts01"

  let url: URL
  let transport: HTTPTransport

  /// Makes a client of the authority at `url`.
  package init(url: URL, transport: HTTPTransport) {
    self.url = url
    self.transport = transport
  }

  /// Posts a DER `TimeStampReq`; returns the DER `TimeStampResp`.
  package func stamp(_ request: [UInt8]) async throws -> [UInt8] {
    let response = try await transport.send(
      HTTPRequest(
        method: "POST", url: url, headers: ["Content-Type": "application/timestamp-query"],
        body: .data(Data(request))))
    guard response.status == 200 else {
      throw NotaryServiceError.httpStatus(
        service: "the time-stamp authority \(url.absoluteString)", status: response.status,
        detail: response.excerpt)
    }
    return Array(response.body)
  }
}
