import Distribution
import Foundation

/// The release steps the `dmg` commands share: each prints what it does on standard error and
/// turns the pipeline's errors into the right exit codes.
struct ReleaseSteps {
  let console: Console
  let engine: any SigningEngine

  /// How long `staple` looks for a ticket Apple has not published yet, in seconds.
  var ticketTimeout: TimeInterval = 60

  init(console: Console, engineName: String?, signing: SigningOptions? = nil) throws(CommandError) {
    self.console = console
    engine = try SigningOptions.engine(named: engineName, runner: .live()) {
      () throws(CommandError) in
      try Self.nativeEngine(environment: console.environment, signing: signing)
    }
  }

  /// The native engine, its endpoints from the environment where set (for proxies and tests):
  /// `SHIPYARD_NOTARY_URL`, `SHIPYARD_S3_URL`, `SHIPYARD_TICKET_URL`, `SHIPYARD_TIMESTAMP_URL`.
  static func nativeEngine(environment: [String: String], signing: SigningOptions?)
    throws(CommandError) -> NativeEngine
  {
    func url(_ text: String, _ source: String) throws(CommandError) -> URL {
      guard let url = URL(string: text), let scheme = url.scheme,
        ["http", "https"].contains(scheme),
        url.host != nil
      else {
        throw .usage("\(source): \(text.debugDescription) is not an http(s) URL", command: "dmg")
      }
      return url
    }
    let timestamp =
      signing?.timestampURL.map { ($0, "--timestamp-url") }
      ?? environment["SHIPYARD_TIMESTAMP_URL"].map { ($0, "SHIPYARD_TIMESTAMP_URL") }
      ?? (NativeEngine.Configuration.defaultTimestampURL, "the default time-stamp URL")
    let configuration = NativeEngine.Configuration(
      notaryURL: try url(
        environment["SHIPYARD_NOTARY_URL"] ?? NativeEngine.Configuration.defaultNotaryURL,
        "SHIPYARD_NOTARY_URL"),
      s3URL: try environment["SHIPYARD_S3_URL"].map { (text) throws(CommandError) in
        try url(text, "SHIPYARD_S3_URL")
      },
      ticketURL: try url(
        environment["SHIPYARD_TICKET_URL"] ?? NativeEngine.Configuration.defaultTicketURL,
        "SHIPYARD_TICKET_URL"),
      timestampURL: signing?.timestamps == false ? nil : try url(timestamp.0, timestamp.1),
      identifier: signing?.identifier)
    return NativeEngine.live(configuration: configuration)
  }

  func sign(_ image: String, identity: SigningIdentity?) async throws(CommandError) {
    guard let identity else {
      throw .usage(
        "signing needs --identity (Apple's codesign) or --p12/--pem (native, rcodesign)",
        command: "dmg sign")
    }
    try await step("sign") { try await engine.sign(image, identity: identity) }
    console.printError("signed \(image) with \(engine.name)")
  }

  /// Notarizes `image`; returns the accepted submission and the image's digest as notarized.
  func notarize(_ image: String, notary: NotaryOptions) async throws(CommandError)
    -> Notarizer.Outcome
  {
    let console = console
    let notarizer = Notarizer(
      engine: engine, credentials: notary.credentials, timeout: notary.timeout)
    let outcome = try await step("notarize") {
      try await notarizer.notarization(of: image) { id, status, waited in
        console.printError("notarization \(id): \(status.name) after \(waited) s")
      }
    }
    console.printError("notarized: submission \(outcome.submissionID) accepted")
    return outcome
  }

  func staple(_ image: String) async throws(CommandError) {
    let attempts = max(1, Int(ticketTimeout / 10) + 1)
    try await step("staple") {
      try await TicketStapler(engine: engine, attempts: attempts, delay: 10).staple(image)
    }
    console.printError("stapled the notarization ticket to \(image)")
  }

  /// Gatekeeper's verdict where Apple's tools run, else `nil`.
  func assess(_ image: String) async throws(CommandError) -> String? {
    try await step("assess") { try await engine.assess(image) }
  }

  private func step<T>(_ name: String, _ body: () async throws -> T) async throws(CommandError) -> T
  {
    do {
      return try await body()
    } catch let error as PipelineError {
      switch error {
      case .notarizationTimedOut: throw .timeout("\(error)")
      case .invalidOptions, .noEngine: throw .usage("\(error)", command: "dmg \(name)")
      default: throw .failure("\(error)")
      }
    } catch {
      throw .failure("\(name): \(error)")
    }
  }
}
