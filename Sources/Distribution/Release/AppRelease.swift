public import Foundation
import SystemSupport

/// The release steps for one Mac app: sign it inside-out, check it as the notary will,
/// notarize it (zipped as `ditto -c -k --keepParent` zips it) and staple its ticket, or
/// ``ship(_:)`` it through all of them.
///
/// Each step throws a ``ReleaseError`` that names the step and says whether the options were at
/// fault or the notarization only timed out:
///
/// ```swift
/// let release = AppRelease(app: "build/MyApp.app", engine: engine) { print($0) }
/// var plan = AppRelease.Plan(identity: identity, notary: credentials)
/// plan.signing.entitlements = entitlements
/// let outcome = try await release.ship(plan)
/// print(outcome.submissionID ?? "not notarized")
/// ```
public struct AppRelease: Sendable {
  /// The `.app` folder (or one Mach-O file, which can be signed but not notarized alone).
  public let app: String
  /// The engine, clock and events.
  let context: ReleaseContext

  /// Makes the release steps for `app` with the native engine.
  ///
  /// - Parameters:
  ///   - app: The `.app` folder, or one Mach-O file.
  ///   - engine: The engine that signs, notarizes and staples.
  ///   - events: Called with each step's progress, in order.
  public init(
    app: String, engine: NativeEngine, events: @escaping @Sendable (ReleaseEvent) -> Void = { _ in }
  ) {
    self.init(app: app, engine: engine as any ReleaseEngine, events: events)
  }

  /// Makes the release steps for `app` with any engine.
  package init(
    app: String, engine: any ReleaseEngine, clock: PipelineClock = .live,
    events: @escaping @Sendable (ReleaseEvent) -> Void = { _ in }
  ) {
    self.app = app
    context = ReleaseContext(engine: engine, clock: clock, events: events)
  }

  /// Signs the app inside-out (every Mach-O slice, every nested bundle's seal, the hardened
  /// runtime) in a staging copy swapped in at the end; reports each item signed
  /// (``ReleaseEvent/appSigning(done:total:)``, where the engine signs item by item), then
  /// ``ReleaseEvent/appSigned(_:)``.
  ///
  /// - Parameters:
  ///   - identity: Who signs; `nil` signs ad hoc.
  ///   - options: Entitlements, the hardened runtime, a single binary's identifier.
  /// - Returns: What was signed, in order, and what each file kept.
  /// - Throws: A ``ReleaseError`` of the ``ReleaseStep/signApp`` step; the app is left as it
  ///   was.
  @discardableResult
  public func sign(identity: SigningIdentity?, options: AppSigningOptions)
    async throws(ReleaseError) -> AppSigningSummary
  {
    let engine = try context.engine(for: .signApp, as: (any AppSigning).self)
    let events = context.events
    let summary = try await context.run(.signApp) {
      try await engine.signApp(app, identity: identity, options: options) { done, total in
        events(.appSigning(done: done, total: total))
      }
    }
    context.events(.appSigned(summary))
    return summary
  }

  /// Checks the app offline as ``AppVerification`` does (every slice's signature, the chain,
  /// the hardened runtime, the timestamp, every seal), so that an app the notary would refuse,
  /// an unsigned one first of all, is not uploaded.
  ///
  /// - Parameter trustRoots: The roots a Developer ID chain may end at.
  /// - Throws: A ``ReleaseError`` of the ``ReleaseStep/notarizeApp`` step whose
  ///   ``ReleaseError/refusal`` lists every problem and, in Apple's words, every issue per file
  ///   and architecture.
  public func preflight(trustRoots: TrustRoots) throws(ReleaseError) {
    let verification: AppVerification
    do {
      verification = try AppVerification(path: app, trustRoots: trustRoots)
    } catch {
      throw ReleaseError(step: .notarizeApp, error)
    }
    guard !verification.isValid else { return }
    throw ReleaseError.refusal(
      of: app, step: .notarizeApp, lines: verification.problems + verification.notaryIssues)
  }

  /// Notarizes the signed app: zips it to a temporary `<Name>.zip` (entries under
  /// `<Name>.app/`, as `ditto -c -k --keepParent` writes them), submits the zip and waits at
  /// most `timeout` seconds; reports each status seen, then
  /// ``ReleaseEvent/appNotarized(path:id:)``.
  ///
  /// The submission is recorded beside the app (`<Name>.app.notarization.json`) unless
  /// `statePath` says otherwise: the zip of an unchanged app has the same bytes, so a rerun
  /// resumes the same submission.
  ///
  /// - Parameters:
  ///   - credentials: How to reach the notary service.
  ///   - timeout: The longest wait, in seconds.
  ///   - statePath: Where the submission is recorded, or `nil` for beside the app.
  ///   - submissionID: A submission to resume, or `nil` for the recorded one, else a new one.
  ///   - wait: Whether to wait for Apple's verdict; `false` returns once the upload is done
  ///     (a later call resumes the wait).
  /// - Returns: The submission's ID and whether Apple accepted it.
  /// - Throws: A ``ReleaseError`` of the ``ReleaseStep/notarizeApp`` step, of kind
  ///   ``ReleaseError/Kind/timedOut`` when Apple is still checking after `timeout`.
  @discardableResult
  public func notarize(
    credentials: NotaryCredentials, timeout: TimeInterval = 3600, statePath: String? = nil,
    submissionID: String? = nil, wait: Bool = true
  ) async throws(ReleaseError) -> Notarization {
    let notarizing = try context.engine(for: .notarizeApp, as: (any Notarizing).self)
    let archiver = try context.engine(for: .notarizeApp, as: (any AppArchiving).self)
    let app = URL(fileURLWithPath: self.app).standardizedFileURL
    // The key is checked before the app is zipped: a missing .p8 costs no zip.
    try await context.run(.notarizeApp) { try notarizing.validate(credentials) }
    let context = context
    let outcome = try await context.run(.notarizeApp) {
      let folder = try TemporaryFolder(prefix: "shipyard-app")
      defer { folder.remove() }
      let zip = folder.url.appendingPathComponent(
        app.deletingPathExtension().lastPathComponent + ".zip"
      ).path
      try await archiver.archiveApp(app.path, to: zip)
      return try await context.notarization(
        of: zip, as: .notarizeApp, credentials: credentials, timeout: timeout,
        statePath: statePath ?? Notarizer.statePath(for: app.path),
        submissionID: submissionID, wait: wait)
    }
    if outcome.status == .accepted {
      context.events(.appNotarized(path: self.app, id: outcome.submissionID))
    }
    return Notarization(outcome)
  }

  /// Staples the notarization ticket to the app's `Contents/CodeResources` (outside every seal,
  /// so the signature stays valid), looked up by the main executable's cdhash, looking every
  /// 10 s for a ticket not published yet; reports ``ReleaseEvent/appStapled(path:)``.
  ///
  /// - Parameter ticketTimeout: How long to look for the ticket, in seconds.
  /// - Throws: A ``ReleaseError`` of the ``ReleaseStep/stapleApp`` step.
  public func staple(ticketTimeout: TimeInterval = 60) async throws(ReleaseError) {
    try await context.staple(app, as: .stapleApp, ticketTimeout: ticketTimeout)
    context.events(.appStapled(path: app))
  }
}
