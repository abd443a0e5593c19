public import Foundation

/// The loopback stand-in of Apple's Notary API, S3 (moto's server behind a SigV4-checking front),
/// the ticket look-up and a time-stamp authority: `Doubles/notary_double.py` beside this file, with
/// the test PKI and an App Store Connect-style EC P-256 key made for it by openssl.
///
/// It judges each upload as Apple's notary does (`Doubles/notary_judge.py`): every Mach-O slice in
/// the image must be signed by a Developer ID Application certificate chained to a trusted root,
/// timestamped, hardened (executables), without `get-task-allow`, built with the 10.9 SDK or later
/// and not SHA-1-only; else the submission is Invalid with Apple's log (``log(ofSubmission:)``).
/// An image without Mach-O (as Hello.app's shell script) is Accepted.
public final class NotaryDouble: @unchecked Sendable {
  /// The folder with the PKI (`identity.p12`, `root.pem`, …), the key and the request log.
  public let folder: ScratchFolder
  /// The double's port on 127.0.0.1.
  public let port: Int
  /// The API key's ID.
  public static let keyID = "TESTKEY123"
  /// The issuer ID.
  public static let issuer = "57246542-96fe-1a63-e053-0824d011072a"
  /// The `.p12` password of the test identities.
  public static let password = TestPKI.password
  private let process: Process

  /// The folder of the doubles.
  public static let doubles = TestPKI.doubles

  /// Whether python3 with moto, boto3, cryptography, apple-platform-py and lief, openssl and 7zz
  /// are here.
  public static let isAvailable =
    ProcessRunner.succeeds(
      "python3", ["-c", "import moto.server, boto3, cryptography, botocore, apple_platform, lief"])
    && ProcessRunner.succeeds("openssl", ["version"]) && ProcessRunner.succeeds("7zz", ["i"])

  /// What a suite that starts the double needs, for its skip message.
  public static let requirement =
    "needs python3 with moto[server], boto3, cryptography, apple-platform-py and lief, openssl, 7zz"

  /// Makes the PKI and the key, and starts the double in `modes` (`unauthorized`, `s3-refuses`,
  /// `s3-slow-parts`, `invalid`, `ticket-never`, `tsa-down`; the script's header lists them all).
  ///
  /// It serves `GET /notary/v2/submissions` (the history, newest first), `/submissions/<id>` and
  /// its `logs` as Apple shapes them, and S3's `ListParts` (through moto).
  ///
  /// - Parameters:
  ///   - modes: The double's modes.
  ///   - trustRoots: The PEM files of the roots the judge trusts, or `nil` for the test PKI's
  ///     root (`root.pem` in ``folder``).
  /// - Throws: When the PKI, the key or the double cannot be made or started.
  public init(modes: [String] = [], trustRoots: [String]? = nil) throws {
    folder = try ScratchFolder()
    try TestPKI.make(in: folder)
    let ec = try TestAPIKey.write(to: folder.path("AuthKey_\(Self.keyID).p8"))
    try ProcessRunner.check(
      "openssl", ["ec", "-in", ec, "-pubout", "-out", folder.path("api.pub")])
    process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      [
        "python3", Self.doubles.appendingPathComponent("notary_double.py").path, folder.url.path,
        Self.keyID, Self.issuer, folder.path("api.pub"),
      ] + (trustRoots ?? [folder.path("root.pem")]).flatMap { ["--trust-root", $0] } + modes
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle(forWritingAtPath: "/dev/null")
    try process.run()
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
      let chunk = output.fileHandleForReading.availableData
      guard !chunk.isEmpty else { break }
      line += chunk
    }
    let text = String(decoding: line, as: UTF8.self)
    guard text.hasPrefix("port "),
      let port = Int(text.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines))
    else {
      process.terminate()
      throw ProcessFailure(command: "notary_double.py", status: 1, errorOutput: text)
    }
    self.port = port
  }

  deinit { stop() }

  /// Stops the double and removes its folder.
  public func stop() {
    if process.isRunning {
      // SIGKILL: the test runner starts children with SIGTERM blocked, and moto's server thread
      // would keep Python alive anyway.
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    folder.remove()
  }

  /// The double's base URL.
  public var url: String { "http://127.0.0.1:\(port)" }

  /// The environment that points Shipyard at the double.
  public var environment: [String] {
    [
      "SHIPYARD_NOTARY_URL=\(url)/notary/v2", "SHIPYARD_S3_URL=\(url)/s3",
      "SHIPYARD_TICKET_URL=\(url)/ticket/lookup", "SHIPYARD_TIMESTAMP_URL=\(url)/tsa",
    ]
  }

  /// `SHIPYARD_TRUST_ROOTS=<the double's root.pem>`, for `env`: the double's own PKI signs the
  /// apps and images its runs check (``signedHello(in:)``).
  public var trustVariable: String { "SHIPYARD_TRUST_ROOTS=\(folder.path("root.pem"))" }

  /// Runs the built `shipyard` against the double, with no Apple tool or rcodesign on `PATH`,
  /// the `.p12` password in `P12_PASSWORD` and the double's root trusted.
  ///
  /// - Parameters:
  ///   - arguments: The command line after `shipyard`.
  ///   - extra: More environment, as `NAME=value`.
  ///   - wrapper: A command that runs it (such as `/usr/bin/time -v -o <file>`), or none.
  /// - Returns: What it printed and its exit status.
  /// - Throws: When `shipyard` cannot be started.
  public func shipyard(
    _ arguments: [String], environment extra: [String] = [], under wrapper: [String] = []
  ) throws -> ProcessRunner.Output {
    let command = commandLine(arguments, environment: extra)
    let words = wrapper + command
    return try ProcessRunner.run(words[0], Array(words.dropFirst()))
  }

  /// The words that run the built `shipyard` against the double as ``shipyard(_:environment:under:)``
  /// does (`env`, the environment, `shipyard`, `arguments`), for a caller that starts it itself.
  public func commandLine(_ arguments: [String], environment extra: [String] = []) -> [String] {
    ["env", "PATH=/usr/bin:/bin", "P12_PASSWORD=\(Self.password)", trustVariable] + environment
      + extra + [BuiltProducts.shipyard.path] + arguments
  }

  /// A copy of Hello.app in the double's folder as its notary accepts one: its executable Mach-O
  /// (``SampleApps/machOHello(in:)``), signed by `shipyard app sign` with the double's Developer
  /// ID identity, the hardened runtime and a timestamp of the double's authority.
  ///
  /// - Parameter name: The folder in the double's folder the app goes in; an app already there
  ///   is returned as it is.
  /// - Returns: The app's path.
  /// - Throws: When the app cannot be made or signed.
  public func signedHello(in name: String = "signed-source") throws -> String {
    let source = folder.file(name)
    let existing = source.appendingPathComponent("Hello.app").path
    guard !FileManager.default.fileExists(atPath: existing) else { return existing }
    try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
    let app = try SampleApps.machOHello(in: source)
    let signed = try shipyard([
      "app", "sign", app, "--p12", folder.path("identity.p12"), "--p12-password-env",
      "P12_PASSWORD",
    ])
    guard signed.status == 0 else {
      throw ProcessFailure(
        command: "shipyard app sign", status: signed.status, errorOutput: signed.standardError)
    }
    return app
  }

  /// The API key options of the CLI.
  public var keyArguments: [String] {
    [
      "--key", folder.path("AuthKey_\(Self.keyID).p8"), "--key-id", Self.keyID, "--issuer",
      Self.issuer,
    ]
  }

  /// The notary log of a judged submission, as its `developerLogUrl` serves it.
  ///
  /// Its fields are Apple's: `status`, `statusSummary`, `statusCode`, `archiveFilename`,
  /// `issues` (each `severity`, `code`, `path`, `message`, `docUrl`, `architecture`), and more.
  ///
  /// - Parameter id: The submission's ID.
  /// - Returns: The log's JSON object.
  /// - Throws: When the double has not judged that submission.
  public func log(ofSubmission id: String) throws -> [String: Any] {
    let data = try Data(contentsOf: folder.file("logs/\(id).json"))
    guard let log = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      throw ProcessFailure(
        command: "notary_double.py", status: 1, errorOutput: "logs/\(id).json is not an object")
    }
    return log
  }

  /// The requests the double received, as it logged them.
  public func requests() -> [[String: Any]] {
    let text = (try? String(contentsOfFile: folder.path("requests.jsonl"), encoding: .utf8)) ?? ""
    return text.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
  }
}
