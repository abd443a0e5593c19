import Foundation
import ShipyardTestSupport

/// Runs the independent peers (Python, Node, Go) that check our bytes, under `PeerPolicy`.
enum Peers {
  /// The folder holding the peer programs.
  static var folder: URL { PeerPolicy.multipartPeers }

  /// Whether the Python peers (werkzeug, python-multipart) can run.
  static let pythonAvailable = ProcessRunner.succeeds(
    "python3", ["-c", "import werkzeug, python_multipart"])
  /// Whether Node's built-in FormData can run.
  static let nodeAvailable = ProcessRunner.succeeds(
    "node", ["-e", "new FormData(); new Response('')"])
  /// Whether Go can build the Go peer.
  static let goAvailable = ProcessRunner.succeeds("go", ["version"])

  /// Whether a test that needs every peer should run: when they are here, and always under CI.
  static let shouldRun = PeerPolicy.shouldRun(
    whenAvailable: pythonAvailable && nodeAvailable && goAvailable)

  /// The Go peer, compiled once per test run.
  static let goParser: Result<String, any Error> = Result {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent(
      "shipyard-go-parse-\(UUID().uuidString)")
    try ProcessRunner.check(
      "go", ["build", "-o", output.path, folder.appendingPathComponent("go_parse.go").path])
    return output.path
  }

  /// Runs a peer and returns its standard output.
  static func run(_ executable: String, _ arguments: [String]) throws -> Data {
    try ProcessRunner.check(executable, arguments)
  }
}

/// One part as a peer read it.
struct ParsedPart: Codable, Equatable, CustomStringConvertible {
  var name: String
  var filename: String?
  var contentType: String?
  var data: String

  var description: String {
    "{name: \(name.debugDescription), filename: \(filename?.debugDescription ?? "nil"), type: \(contentType ?? "nil"), \(Data(base64Encoded: data)?.count ?? -1) bytes}"
  }
}

/// What a peer made of one body: parts, or an error.
enum PeerReading: Decodable, Equatable, CustomStringConvertible {
  case parts([ParsedPart])
  case rejected(String)

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let parts = try? container.decode([ParsedPart].self) {
      self = .parts(parts)
    } else {
      self = .rejected(try container.decode([String: String].self)["error"] ?? "?")
    }
  }

  var description: String {
    switch self {
    case .parts(let parts): "\(parts)"
    case .rejected(let error): "rejected: \(error)"
    }
  }
}
