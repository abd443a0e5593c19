package import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An HTTP request the Notary clients make, its body in memory (an image goes in parts).
package struct HTTPRequest: Sendable {
  /// Where a request's body comes from.
  package enum Body: Sendable {
    /// No body.
    case none
    /// Bytes in memory.
    case data(Data)
  }

  /// `GET`, `POST`, `PUT`.
  package var method: String
  /// The full URL.
  package var url: URL
  /// Header fields.
  package var headers: [String: String]
  /// The body.
  package var body: Body
  /// How long to wait for the answer, when longer than the transport's own timeout.
  package var timeout: TimeInterval?

  /// Makes a request.
  package init(
    method: String, url: URL, headers: [String: String] = [:], body: Body = .none,
    timeout: TimeInterval? = nil
  ) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
    self.timeout = timeout
  }
}

/// An HTTP answer.
package struct HTTPResponse: Sendable {
  /// The status code.
  package var status: Int
  /// The body.
  package var body: Data
  /// The header fields, names in lower case.
  package var headers: [String: String]

  /// Makes a response.
  package init(status: Int, body: Data, headers: [String: String] = [:]) {
    self.status = status
    self.body = body
    self.headers = Dictionary(
      headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
  }

  /// The body as text, cut to a length fit for an error message.
  package var excerpt: String {
    let text = String(decoding: body.prefix(600), as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    return body.count > 600 ? text + "…" : text
  }
}

/// Sends HTTP requests; injected so that tests use loopback doubles and never the network.
package struct HTTPTransport: Sendable {
  /// Sends one request; throws only when no answer came (connection errors).
  package var send: @Sendable (HTTPRequest) async throws -> HTTPResponse

  /// Makes a transport from its one operation.
  package init(send: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) {
    self.send = send
  }

  /// URLSession (FoundationNetworking on Linux), with a timeout per request.
  package static func urlSession(timeout: TimeInterval = 120) -> HTTPTransport {
    HTTPTransport { request in
      var urlRequest = URLRequest(
        url: request.url, timeoutInterval: max(timeout, request.timeout ?? 0))
      urlRequest.httpMethod = request.method
      for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
      let session = URLSession(configuration: .ephemeral)
      defer { session.finishTasksAndInvalidate() }
      return try await withCheckedThrowingContinuation { continuation in
        let completion: @Sendable (Data?, URLResponse?, (any Error)?) -> Void = {
          data, response, error in
          if let error {
            continuation.resume(throwing: error)
          } else if let response = response as? HTTPURLResponse {
            var headers: [String: String] = [:]
            for case (let name as String, let value as String) in response.allHeaderFields {
              headers[name] = value
            }
            continuation.resume(
              returning: HTTPResponse(
                status: response.statusCode, body: data ?? Data(), headers: headers))
          } else {
            continuation.resume(throwing: URLError(.badServerResponse))
          }
        }
        let task: URLSessionTask =
          switch request.body {
          case .none: session.dataTask(with: urlRequest, completionHandler: completion)
          case .data(let data):
            session.uploadTask(with: urlRequest, from: data, completionHandler: completion)
          }
        task.resume()
      }
    }
  }

  /// This transport, retrying connection errors and 5xx answers `attempts` times in all, waiting
  /// `delay` seconds (doubled each time) through `sleep` between tries.
  ///
  /// - Parameters:
  ///   - service: The service's name, for the error after the last try.
  ///   - attempts: The most tries.
  ///   - delay: The first wait.
  ///   - sleep: Waits a number of seconds (injected so that tests do not wait).
  /// - Returns: The retrying transport; its last answer may still be a 5xx.
  package func retrying(
    service: String, attempts: Int = 4, delay: TimeInterval = 2,
    sleep: @escaping @Sendable (TimeInterval) async throws -> Void
  ) -> HTTPTransport {
    let send = self.send
    return HTTPTransport { request in
      var wait = delay
      for attempt in 1...max(1, attempts) {
        do {
          let response = try await send(request)
          guard response.status >= 500, attempt < attempts else { return response }
        } catch {
          guard attempt < attempts else {
            throw NotaryServiceError.unreachable(
              service: service, reason: "\(error.localizedDescription) (after \(attempts) tries)")
          }
        }
        try await sleep(wait)
        wait *= 2
      }
      throw NotaryServiceError.unreachable(service: service, reason: "no attempt was made")
    }
  }
}
