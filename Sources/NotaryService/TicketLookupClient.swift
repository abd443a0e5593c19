import Digests
package import Foundation

/// Looks up a notarization ticket in Apple's CloudKit ticket database by code directory hash.
package struct TicketLookupClient: Sendable {
  /// What the look-up found.
  package enum Result: Sendable, Equatable {
    /// The ticket's bytes.
    case found(Data)
    /// Not published (yet): `serverErrorCode` `NOT_FOUND`.
    case notFound
  }

  /// Apple's look-up URL.
  package static let defaultURL =
    "https://api.apple-cloudkit.com/database/1/com.apple.gk.ticket-delivery/production/public/records/lookup"

  let url: URL
  let transport: HTTPTransport
  static let service = "Apple's ticket look-up"

  /// Makes a client posting to `url`.
  package init(url: URL, transport: HTTPTransport) {
    self.url = url
    self.transport = transport
  }

  /// The record name of a ticket: `2/<hash type>/<40 hex digits>`, the digest truncated to 20
  /// bytes; hash type 2 (SHA-256) for a code directory hash, 1 or 2 for a flat package's table of
  /// contents digested with SHA-1 or SHA-256.
  package static func recordName(cdhash: [UInt8], hashType: Int = 2) -> String {
    "2/\(hashType)/" + cdhash.prefix(20).hex
  }

  /// Looks the ticket of `cdhash` (of `hashType`) up once.
  package func lookUp(cdhash: [UInt8], hashType: Int = 2) async throws -> Result {
    let body = try JSONSerialization.data(
      withJSONObject: [
        "records": [["recordName": Self.recordName(cdhash: cdhash, hashType: hashType)]]
      ],
      options: [.sortedKeys])
    let response = try await transport.send(
      HTTPRequest(
        method: "POST", url: url, headers: ["Content-Type": "application/json"],
        body: .data(body)))
    guard response.status == 200 else {
      throw NotaryServiceError.httpStatus(
        service: Self.service, status: response.status, detail: response.excerpt)
    }
    guard let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any],
      let record = (object["records"] as? [[String: Any]])?.first
    else {
      throw NotaryServiceError.unexpectedResponse(
        service: Self.service, detail: "no records: \(response.excerpt)")
    }
    if let code = record["serverErrorCode"] as? String {
      guard code == "NOT_FOUND" else {
        throw NotaryServiceError.unexpectedResponse(
          service: Self.service,
          detail: "\(code): \(record["reason"] as? String ?? "no reason given")")
      }
      return .notFound
    }
    guard
      let value = ((record["fields"] as? [String: Any])?["signedTicket"] as? [String: Any])?[
        "value"] as? String,
      let ticket = Data(base64Encoded: value), !ticket.isEmpty
    else {
      throw NotaryServiceError.unexpectedResponse(
        service: Self.service, detail: "the record has no signedTicket")
    }
    return .found(ticket)
  }
}
