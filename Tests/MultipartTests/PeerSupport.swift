import Foundation
import Testing

/// Runs the independent peers (Python, Node, Go) that check our bytes.
///
/// A peer test is skipped only when its peer is missing and `CI` is not `true`; under `CI=true`
/// a missing peer fails the test, so CI can never pass by skipping.
enum Peers {
  static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"

  /// The folder holding the peer programs.
  static var folder: URL {
    get throws { try #require(Bundle.module.url(forResource: "Peers", withExtension: nil)) }
  }

  /// Whether the Python peers (werkzeug, python-multipart) can run.
  static let pythonAvailable =
    (try? run("python3", ["-c", "import werkzeug, python_multipart"])) != nil
  /// Whether Node's built-in FormData can run.
  static let nodeAvailable = (try? run("node", ["-e", "new FormData(); new Response('')"])) != nil
  /// Whether Go can build the Go peer.
  static let goAvailable = (try? run("go", ["version"])) != nil
  /// Whether every multipart peer is here.
  static let allAvailable = pythonAvailable && nodeAvailable && goAvailable

  /// Whether a test that needs peers should run: when they are here, and always under CI.
  static let shouldRun = allAvailable || isCI

  /// The Go peer, compiled once per test run.
  static let goParser: Result<String, any Error> = Result {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent(
      "shipyard-go-parse-\(UUID().uuidString)")
    try run(
      "go", ["build", "-o", output.path, try folder.appendingPathComponent("go_parse.go").path])
    return output.path
  }

  /// Runs `executable` (looked up on `PATH`) and returns its standard output.
  @discardableResult
  static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil)
    throws -> Data
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [executable] + arguments
    if let environment {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Read both pipes while the process runs, so that neither can fill up and block it.
    nonisolated(unsafe) var errorData = Data()
    let errorReader = Thread { errorData = errors.fileHandleForReading.readDataToEndOfFile() }
    errorReader.start()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    while !errorReader.isFinished { usleep(1000) }
    guard process.terminationStatus == 0 else {
      throw PeerError(
        command: ([executable] + arguments).joined(separator: " "),
        status: process.terminationStatus,
        errorOutput: String(decoding: errorData, as: UTF8.self)
      )
    }
    return data
  }
}

/// A peer that exited with an error.
struct PeerError: Error, CustomStringConvertible {
  let command: String
  let status: Int32
  let errorOutput: String

  var description: String { "\(command) exited with \(status): \(errorOutput)" }
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
