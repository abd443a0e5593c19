import Distribution
import Foundation

/// The release steps the `dmg` commands share: each prints what it does on standard error and
/// turns the pipeline's errors into the right exit codes.
struct ReleaseSteps {
  let console: Console
  let engine: any SigningEngine

  /// How long `staple` looks for a ticket Apple has not published yet, in seconds.
  var ticketTimeout: TimeInterval = 60

  /// Steps that print on `console` and run `engine`, made (and checked) by the command's `init`.
  init(console: Console, engine: any SigningEngine) {
    self.console = console
    self.engine = engine
  }

  func sign(_ image: String, identity: SigningIdentity) async throws(CommandError) {
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
