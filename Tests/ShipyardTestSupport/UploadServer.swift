public import Foundation

/// The Python upload server (`Tests/MultipartTests/Peers/upload_server.py`) on a free loopback
/// port: it parses each upload with werkzeug and answers with what it received, as JSON.
public final class UploadServer {
  /// The port it listens on, on 127.0.0.1.
  public let port: Int
  /// `https` when it serves TLS, else `http`.
  private let scheme: String
  private let process: Process

  /// What the server reports for one upload.
  public struct Report: Decodable, Sendable {
    /// One part as the server read it.
    public struct Part: Decodable, Sendable {
      /// The field name.
      public var name: String
      /// The filename, if any.
      public var filename: String?
      /// The part's Content-Type, if any.
      public var contentType: String?
      /// The body's size.
      public var size: Int
      /// The body's SHA-256, in hex.
      public var sha256: String
    }

    /// The request's method: `POST`, or `GET` when a client turned the upload into one.
    public var method: String?
    /// The Content-Length header received; `nil` for a chunked body.
    public var contentLength: Int?
    /// The Transfer-Encoding header received, if any.
    public var transferEncoding: String?
    /// Every request header received, by lowercased name.
    public var headers: [String: String]?
    /// The body bytes read.
    public var bytesReceived: Int
    /// The parts, in order.
    public var parts: [Part]
  }

  /// Starts the server for `requests` uploads; given `answeringEarlyAfter`, it answers each with
  /// 413 once it has read that many bytes of the body, then reads what the client still sends.
  ///
  /// - Parameters:
  ///   - requests: How many uploads it answers before it stops.
  ///   - early: The bytes of each body it reads before answering 413, if given.
  ///   - dropping: How many connections it resets first, before reading a byte of them.
  ///   - unavailable: How many uploads it reads first and answers with 503 and `Retry-After: 1`
  ///     (not counted in `requests`).
  ///   - log: A file it appends one line to per connection: `dropped`, or the method, path and
  ///     status answered.
  ///   - tls: The PEM certificate chain and key it serves HTTPS with.
  /// - Throws: When python3 cannot start or prints no port.
  public init(
    requests: Int, answeringEarlyAfter early: Int? = nil, dropping: Int = 0, unavailable: Int = 0,
    log: URL? = nil, tls: (certificate: URL, key: URL)? = nil
  ) throws {
    process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    let script = PeerPolicy.multipartPeers.appendingPathComponent("upload_server.py")
    var arguments = [
      "python3", script.path, "--requests", String(requests), "--seconds", "600",
      "--drop-first", String(dropping), "--unavailable-first", String(unavailable),
    ]
    if let early { arguments += ["--answer-early-after", String(early)] }
    if let log { arguments += ["--log", log.path] }
    if let tls { arguments += ["--tls-cert", tls.certificate.path, "--tls-key", tls.key.path] }
    scheme = tls == nil ? "http" : "https"
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    var line = Data()
    while !line.contains(0x0A) {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      line += chunk
    }
    guard
      let port = Int(
        String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    else {
      process.terminate()
      throw ProcessFailure(
        command: "upload_server.py", status: -1, errorOutput: "did not print its port")
    }
    self.port = port
  }

  /// The URL to upload to.
  public var url: URL {
    guard let url = URL(string: "\(scheme)://127.0.0.1:\(port)/") else {
      preconditionFailure("a loopback URL is valid")
    }
    return url
  }

  /// Stops the server.
  public func stop() {
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
  }

  deinit { stop() }
}
