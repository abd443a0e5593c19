import Foundation
import SystemSupport

/// What every release shares, whatever its artifact: the engine, the clock its waits pass by,
/// and where its events go; and the steps that are the same for any file (notarize a file,
/// staple one), each naming its step in what it throws.
struct ReleaseContext: Sendable {
  /// The engine that signs, notarizes, staples and assesses, or `nil` when none is needed.
  let engine: (any ReleaseEngine)?
  /// The time the notarization's polls and the staple's retries wait by.
  let clock: PipelineClock
  /// Receives each step's progress.
  let events: @Sendable (ReleaseEvent) -> Void

  /// The engine as the `capability` that `step` needs, or an options error naming what it
  /// lacks: an engine implements only what it can do (``ReleaseEngine``).
  func engine<Capability>(for step: ReleaseStep, as capability: Capability.Type)
    throws(ReleaseError) -> Capability
  {
    guard let engine else {
      throw ReleaseError(
        step: step, kind: .invalidOptions, description: "no signing engine for \(step.rawValue)")
    }
    guard let capable = engine as? Capability else {
      throw ReleaseError(
        step: step, kind: .invalidOptions, description: Self.lacking(engine.name, step: step))
    }
    return capable
  }

  /// Why the engine named `engine` cannot run `step`.
  static func lacking(_ engine: String, step: ReleaseStep) -> String {
    switch step {
    case .notarizeApp:
      "\(engine) cannot zip an app for notarization (rcodesign notarizes a bundle itself: "
        + "rcodesign notary-submit --staple <app>): use the native engine (or apple on macOS) "
        + "to notarize an app"
    case .build:
      "the \(engine) engine cannot build installer packages: build with the native engine (or "
        + "apple on macOS)"
    default: "the \(engine) engine cannot run the \(step.rawValue) step"
    }
  }

  /// Runs an engine's step, naming the step in what it throws.
  func run<T>(_ step: ReleaseStep, _ body: () async throws -> T) async throws(ReleaseError) -> T {
    do {
      return try await body()
    } catch {
      throw ReleaseError(step: step, error)
    }
  }

  /// Checks that the engine can sign with `identity` and, when given, notarize with
  /// `credentials`, before any work starts.
  func validate(
    _ identity: SigningIdentity, as step: ReleaseStep, notary credentials: NotaryCredentials?
  ) throws(ReleaseError) {
    let signer = try engine(for: step, as: (any IdentityChecking).self)
    do {
      try signer.validate(identity)
    } catch {
      throw ReleaseError(step: step, error)
    }
    guard let credentials else { return }
    let notarizing = try engine(for: .notarize, as: (any Notarizing).self)
    do {
      try notarizing.validate(credentials)
    } catch {
      throw ReleaseError(step: .notarize, error)
    }
  }

  /// Notarizes `file` as `step`: resumes `submissionID` or the submission recorded at
  /// `statePath` (beside the file when `nil`), else submits it; waits at most `timeout` seconds
  /// unless `wait` is `false`; reports each status and note seen.
  func notarization(
    of file: String, as step: ReleaseStep, credentials: NotaryCredentials,
    timeout: TimeInterval, statePath: String? = nil, submissionID: String? = nil, wait: Bool
  ) async throws(ReleaseError) -> Notarizer.Outcome {
    let engine = try self.engine(for: step, as: (any Notarizing).self)
    let notarizer = Notarizer(
      engine: engine, credentials: credentials, clock: clock, timeout: timeout)
    let events = events
    return try await run(step) {
      try await notarizer.notarization(
        of: file, statePath: statePath ?? Notarizer.statePath(for: file),
        submissionID: submissionID, wait: wait,
        progress: { id, status, waited in
          events(.notarizationStatus(id: id, status: status, waited: waited))
        },
        note: { note in
          switch note {
          case .submitted(let id): events(.notarizationSubmitted(id: id))
          case .resumed(let id, let reason): events(.notarizationResumed(id: id, reason: reason))
          case .uploading(let done, let total): events(.uploading(done: done, total: total))
          }
        })
    }
  }

  /// Notarizes `file` as the ``ReleaseStep/notarize`` step and tells the events when Apple
  /// accepts it: the step of a disk image or a package.
  func notarize(
    _ file: String, credentials: NotaryCredentials, timeout: TimeInterval,
    submissionID: String?, wait: Bool
  ) async throws(ReleaseError) -> Notarization {
    let outcome = try await notarization(
      of: file, as: .notarize, credentials: credentials, timeout: timeout,
      submissionID: submissionID, wait: wait)
    if outcome.status == .accepted { events(.notarized(id: outcome.submissionID)) }
    return Notarization(outcome)
  }

  /// Staples `file` as the ``ReleaseStep/staple`` step and tells the events.
  func staple(_ file: String, ticketTimeout: TimeInterval) async throws(ReleaseError) {
    try await staple(file, as: .staple, ticketTimeout: ticketTimeout)
    events(.stapled)
  }

  /// Staples the ticket to `path` as `step`, looking every 10 s for a ticket Apple has not
  /// published yet, for at most `ticketTimeout` seconds.
  func staple(_ path: String, as step: ReleaseStep, ticketTimeout: TimeInterval)
    async throws(ReleaseError)
  {
    let engine = try self.engine(for: step, as: (any Stapling).self)
    let events = events
    let stapler = TicketStapler(
      engine: engine, clock: clock, attempts: max(1, Int(ticketTimeout / 10) + 1), delay: 10
    ) { attempt, attempts, delay in
      events(.ticketPending(attempt: attempt, attempts: attempts, retryIn: Int(delay)))
    }
    try await run(step) { try await stapler.staple(path) }
  }
}
