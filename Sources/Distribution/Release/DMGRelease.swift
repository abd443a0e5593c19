import Digests
public import Foundation
import SystemSupport

/// The release steps for one disk image: sign, notarize, staple, assess and verify it, or
/// ``ship(building:plan:)`` it from build to final digest, reporting progress as ``Event``s.
///
/// Each step throws a ``DMGReleaseError`` that names the step and says whether the options were
/// at fault or the notarization only timed out:
///
/// ```swift
/// let release = DMGRelease(image: "dist/MyApp.dmg", engine: engine) { event in
///   print(event)
/// }
/// var plan = DMGRelease.Plan(identity: identity, notary: credentials)
/// plan.timeout = 1800
/// let summary = try await release.ship(building: options, plan: plan)
/// print("\(summary.sha256) \(summary.bytes)")
/// ```
public struct DMGRelease: Sendable {
  /// The image's path.
  public let image: String
  /// The engine that signs, notarizes, staples and assesses, or `nil` when none is needed.
  let engine: (any ReleaseEngine)?
  /// The time the notarization's polls and the staple's retries wait by.
  let clock: PipelineClock
  /// Receives each step's progress.
  let events: @Sendable (Event) -> Void

  /// Makes the release steps for `image` with the native engine.
  ///
  /// - Parameters:
  ///   - image: The disk image's path (written by ``ship(building:plan:)``'s build).
  ///   - engine: The engine that signs, notarizes and staples, or `nil` to only build and verify.
  ///   - events: Called with each step's progress, in order.
  public init(
    image: String, engine: NativeEngine?, events: @escaping @Sendable (Event) -> Void = { _ in }
  ) {
    self.init(image: image, signingEngine: engine, events: events)
  }

  /// Makes the release steps for `image` with any engine.
  ///
  /// - Parameters:
  ///   - image: The disk image's path.
  ///   - signingEngine: The engine, or `nil` when no step needs one.
  ///   - clock: The time waits pass by.
  ///   - events: Called with each step's progress, in order.
  package init(
    image: String, signingEngine: (any ReleaseEngine)?, clock: PipelineClock = .live,
    events: @escaping @Sendable (Event) -> Void = { _ in }
  ) {
    self.image = image
    self.engine = signingEngine
    self.clock = clock
    self.events = events
  }

  /// Signs the image with `identity` and checks the signature; reports ``Event/signed(engine:)``.
  ///
  /// - Parameter identity: Who signs.
  /// - Throws: A ``DMGReleaseError`` of the ``Step/sign`` step.
  public func sign(identity: SigningIdentity) async throws(DMGReleaseError) {
    let engine = try self.engine(for: .sign, as: (any ImageSigning).self)
    try await run(.sign) { try await engine.sign(image, identity: identity) }
    events(.signed(engine: engine.name))
  }

  /// Checks the image's apps offline for what Apple's notary refuses (unsigned code, no
  /// Developer ID, no secure timestamp, no hardened runtime, `get-task-allow`, an old SDK,
  /// SHA-1 only), so that an image that would fail is not uploaded (an hour's wait saved).
  ///
  /// An image these readers cannot open is left to the notary.
  ///
  /// - Parameter trustRoots: The roots a Developer ID chain may end at.
  /// - Throws: A ``DMGReleaseError`` of the ``Step/notarize`` step listing, in Apple's words,
  ///   every issue per file and architecture.
  public func preflight(trustRoots: TrustRoots) throws(DMGReleaseError) {
    // An image these readers cannot open is left to the notary, which says why.
    guard let verification = try? DMGVerification(path: image, trustRoots: trustRoots) else {
      return
    }
    let issues = verification.apps.flatMap { $0.problems + $0.notaryIssues }
    guard !issues.isEmpty else { return }
    let name = URL(fileURLWithPath: image).lastPathComponent
    throw Self.refusal(of: image, step: .notarize, lines: issues.map { "\(name)/\($0)" })
  }

  /// The preflight's error: what the notary would refuse in `target`, a line each.
  static func refusal(of target: String, step: Step, lines: [String]) -> DMGReleaseError {
    DMGReleaseError(
      step: step, kind: .failed,
      description: "the notary would refuse \(target) (checked before uploading; "
        + "--no-preflight uploads it all the same):\n"
        + lines.map { "  \($0)" }.joined(separator: "\n"))
  }

  /// Signs the app at `path` inside-out (every Mach-O slice, every nested bundle's seal, the
  /// hardened runtime) before it goes into the image; reports ``Event/appSigned(_:)``.
  ///
  /// - Parameters:
  ///   - path: The `.app` folder, or one Mach-O file.
  ///   - identity: Who signs; `nil` signs ad hoc.
  ///   - options: Entitlements, the hardened runtime, a single binary's identifier.
  /// - Returns: What was signed, in order.
  /// - Throws: A ``DMGReleaseError`` of the ``Step/signApp`` step; the app is left as it was.
  @discardableResult
  public func signApp(_ path: String, identity: SigningIdentity?, options: AppSigningOptions)
    async throws(DMGReleaseError) -> AppSigningSummary
  {
    let engine = try self.engine(for: .signApp, as: (any AppSigning).self)
    let summary = try await run(.signApp) {
      try await engine.signApp(path, identity: identity, options: options)
    }
    events(.appSigned(summary))
    return summary
  }

  /// The apps a build's source holds: the source itself when it is a bundle (`.app`), else the
  /// `.app` folders at its top level.
  static func apps(in source: String) throws(DMGReleaseError) -> [String] {
    guard !source.hasSuffix(".app"), !source.hasSuffix(".app/") else { return [source] }
    let names: [String]
    do {
      names = try FolderListing.names(in: source)
    } catch {
      throw DMGReleaseError(step: .signApp, kind: .failed, description: error.description)
    }
    return names.filter { $0.hasSuffix(".app") }.sorted().map {
      URL(fileURLWithPath: source).appendingPathComponent($0).path
    }
  }

  /// Notarizes the signed image, waiting at most `timeout` seconds; reports each status seen
  /// (``Event/notarizationStatus(id:status:waited:)``) then ``Event/notarized(id:)``.
  ///
  /// - Parameters:
  ///   - credentials: How to reach the notary service.
  ///   - timeout: The longest wait, in seconds (a rerun resumes the same submission).
  ///   - submissionID: A submission to resume (the ID a ``submitForNotarization(credentials:)``
  ///     job printed), or `nil` for the one recorded beside the image, else the newest of the
  ///     same name in the history when it is this image's, else a new one.
  /// - Returns: The accepted submission's ID.
  /// - Throws: A ``DMGReleaseError`` of the ``Step/notarize`` step, of kind
  ///   ``DMGReleaseError/Kind/timedOut`` when Apple is still checking after `timeout`.
  public func notarize(
    credentials: NotaryCredentials, timeout: TimeInterval = 3600, submissionID: String? = nil
  ) async throws(DMGReleaseError) -> String {
    try await notarization(credentials: credentials, timeout: timeout, submissionID: submissionID)
      .submissionID
  }

  /// Submits the signed image for notarization, without waiting for Apple's verdict.
  ///
  /// It returns once the upload is complete and recorded beside the image (a CI job need not
  /// hold a runner for Apple's queue); reports ``Event/notarizationSubmitted(id:)``. A later
  /// ``notarize(credentials:timeout:submissionID:)`` of the same file resumes the wait.
  ///
  /// - Parameter credentials: How to reach the notary service.
  /// - Returns: The submission's ID.
  /// - Throws: A ``DMGReleaseError`` of the ``Step/notarize`` step.
  public func submitForNotarization(credentials: NotaryCredentials) async throws(DMGReleaseError)
    -> String
  {
    try await notarization(credentials: credentials, timeout: 0, wait: false).submissionID
  }

  /// Notarizes as ``notarize(credentials:timeout:submissionID:)`` does (or, unless `wait`, only
  /// submits), and gives back the image's digest as notarized too.
  package func notarization(
    credentials: NotaryCredentials, timeout: TimeInterval, submissionID: String? = nil,
    wait: Bool = true
  ) async throws(DMGReleaseError) -> Notarizer.Outcome {
    let engine = try self.engine(for: .notarize, as: (any Notarizing).self)
    let notarizer = Notarizer(
      engine: engine, credentials: credentials, clock: clock, timeout: timeout)
    let events = events
    let outcome = try await run(.notarize) {
      try await notarizer.notarization(
        of: image, submissionID: submissionID, wait: wait,
        progress: Self.statusReporter(events), note: Self.noteReporter(events))
    }
    if outcome.status == .accepted { events(.notarized(id: outcome.submissionID)) }
    return outcome
  }

  /// Reports each status a notarizer polls as ``Event/notarizationStatus(id:status:waited:)``.
  static func statusReporter(_ events: @escaping @Sendable (Event) -> Void)
    -> @Sendable (String, NotaryStatus, Int) -> Void
  {
    { id, status, waited in events(.notarizationStatus(id: id, status: status, waited: waited)) }
  }

  /// Reports what a notarizer did besides polling: submitted, or resumed a submission.
  static func noteReporter(_ events: @escaping @Sendable (Event) -> Void)
    -> @Sendable (Notarizer.Note) -> Void
  {
    { note in
      switch note {
      case .submitted(let id): events(.notarizationSubmitted(id: id))
      case .resumed(let id, let reason): events(.notarizationResumed(id: id, reason: reason))
      }
    }
  }

  /// Staples the notarization ticket, looking every 10 s for a ticket Apple has not published
  /// yet, for at most `ticketTimeout` seconds; reports ``Event/stapled``.
  ///
  /// - Parameter ticketTimeout: How long to look for the ticket, in seconds.
  /// - Throws: A ``DMGReleaseError`` of the ``Step/staple`` step.
  public func staple(ticketTimeout: TimeInterval = 60) async throws(DMGReleaseError) {
    let engine = try self.engine(for: .staple, as: (any Stapling).self)
    let stapler = TicketStapler(
      engine: engine, clock: clock, attempts: max(1, Int(ticketTimeout / 10) + 1), delay: 10)
    try await run(.staple) { try await stapler.staple(image) }
    events(.stapled)
  }

  /// Asks Gatekeeper's verdict where Apple's tools run; reports ``Event/assessed(verdict:)``.
  ///
  /// - Returns: The verdict, or `nil` where it cannot be asked (off macOS).
  /// - Throws: A ``DMGReleaseError`` of the ``Step/assess`` step.
  public func assess() async throws(DMGReleaseError) -> String? {
    let engine = try self.engine(for: .assess, as: (any ReleaseEngine).self)
    var verdict: String?
    if let assessing = engine as? any GatekeeperAssessing {
      verdict = try await run(.assess) { try await assessing.assess(image) }
    }
    events(.assessed(verdict: verdict))
    return verdict
  }

  /// Verifies the image offline through ``DMGVerification`` and reports
  /// ``Event/verified(_:)`` before checking it against `requirements`.
  ///
  /// - Parameters:
  ///   - requirements: What the image must carry beyond checksums that hold.
  ///   - trustRoots: The roots the signature's chain may end at.
  /// - Returns: The verification, which meets `requirements`.
  /// - Throws: A ``DMGReleaseError`` of the ``Step/verify`` step: the image cannot be read, or
  ///   the ``DMGVerificationError`` of the first requirement it falls short of.
  @discardableResult
  public func verify(
    _ requirements: DMGVerification.Requirements, trustRoots: TrustRoots = .apple
  ) throws(DMGReleaseError) -> DMGVerification {
    let verification: DMGVerification
    do {
      verification = try DMGVerification(path: image, trustRoots: trustRoots)
    } catch {
      throw DMGReleaseError(step: .verify, kind: .failed, description: "verify: \(error)")
    }
    events(.verified(verification))
    if let failure = verification.failure(for: requirements) {
      throw DMGReleaseError(step: .verify, kind: .failed, description: "\(failure)")
    }
    return verification
  }

  /// Builds the image (unless `options` is `nil`: the image is built already), then signs,
  /// notarizes, staples, assesses and verifies it as `plan` says, and digests the final bytes.
  ///
  /// - Parameters:
  ///   - options: What to build, with ``image`` as its ``DMGBuildOptions/output``; `nil` when
  ///     the image is built already.
  ///   - plan: Which steps run, and with what.
  /// - Returns: The summary of the steps run, ending with the final image's SHA-256 and size.
  /// - Throws: The ``DMGReleaseError`` of the first step that fails. The identity and the notary
  ///   credentials are checked before the build (a wrong password or a missing key costs no
  ///   build), and an image this call built is removed when a later step fails: a failed ship
  ///   leaves no image at ``image``.
  public func ship(building options: DMGBuildOptions?, plan: Plan) async throws(DMGReleaseError)
    -> Summary
  {
    try validate(plan)
    guard let options else { return try await release(plan, summary: Summary(image: image)) }
    var summary = Summary(image: image)
    if let identity = plan.identity, let app = plan.app {
      for bundle in try Self.apps(in: options.source) {
        try await signApp(bundle, identity: identity, options: app)
      }
      summary.steps["sign-app"] = "done"
    }
    if plan.stapleApp, let credentials = plan.notary {
      summary.appSubmissionIDs = try await notarizeAndStapleApps(
        in: options.source, plan: plan, credentials: credentials)
      summary.steps["notarize-app"] = "accepted"
      summary.steps["staple-app"] = "done"
    }
    try build(options)
    summary.steps["build"] = "done"
    do {
      return try await release(plan, summary: summary)
    } catch {
      try? FileManager.default.removeItem(atPath: image)
      throw error
    }
  }

  /// Checks, before anything is built, that the engine can sign with the plan's identity and
  /// notarize with its credentials.
  private func validate(_ plan: Plan) throws(DMGReleaseError) {
    guard let identity = plan.identity else { return }
    let signer = try self.engine(for: .sign, as: (any ImageSigning).self)
    do {
      try signer.validate(identity)
    } catch {
      throw DMGReleaseError(step: .sign, error)
    }
    guard let credentials = plan.notary else { return }
    let notarizing = try self.engine(for: .notarize, as: (any Notarizing).self)
    do {
      try notarizing.validate(credentials)
    } catch {
      throw DMGReleaseError(step: .notarize, error)
    }
  }

  /// The steps of ``ship(building:plan:)`` after the build.
  private func release(_ plan: Plan, summary: Summary) async throws(DMGReleaseError) -> Summary {
    var summary = summary
    // The notarization's digest of the image, as long as nothing has changed its bytes since.
    var unchangedSinceNotarized: FileDigest?
    if let identity = plan.identity {
      try await sign(identity: identity)
      summary.steps["sign"] = "done"
      if let credentials = plan.notary {
        if plan.preflight { try preflight(trustRoots: plan.trustRoots) }
        let notarized = try await notarization(
          credentials: credentials, timeout: plan.timeout, wait: plan.wait)
        summary.submissionID = notarized.submissionID
        unchangedSinceNotarized = notarized.image
        summary.steps["notarize"] = notarized.status == .accepted ? "accepted" : "submitted"
        if plan.staple, notarized.status == .accepted {
          try await staple(ticketTimeout: plan.ticketTimeout)
          unchangedSinceNotarized = nil  // the ticket is in the image now
          summary.steps["staple"] = "done"
        }
      }
      if plan.verify { summary.gatekeeper = try await assess() }
    }
    if plan.verify {
      // The checksums always, the signature unless signing was skipped, the ticket when one was
      // stapled.
      let verification = try verify(
        DMGVerification.Requirements(
          signature: plan.identity != nil, ticket: summary.steps["staple"] != nil),
        trustRoots: plan.trustRoots)
      let signature = verification.signature
      summary.steps["verify"] =
        !signature.isSigned ? "unsigned" : signature.isValid ? "valid" : "INVALID"
    }
    let final = try digest(unchangedSinceNotarized)
    (summary.sha256, summary.bytes) = (final.hex, final.byteCount)
    return summary
  }

  // MARK: - Implementation

  /// Builds the image from `options`, reporting ``Event/building(done:total:)`` and
  /// ``Event/built(_:)``.
  private func build(_ options: DMGBuildOptions) throws(DMGReleaseError) {
    guard options.output == image else {
      throw DMGReleaseError(
        step: .build, kind: .invalidOptions,
        description: "the build writes \(options.output), not the release's image \(image)")
    }
    let events = events
    do {
      let result = try DMGBuilder(options: options).build { done, total in
        events(.building(done: done, total: total))
      }
      events(.built(result))
    } catch {
      throw DMGReleaseError(step: .build, kind: .failed, description: "\(error)")
    }
  }

  /// The final image's digest: `notarized` when it still names the bytes, else one pass over
  /// them; reports ``Event/digested(sha256:bytes:)``.
  private func digest(_ notarized: FileDigest?) throws(DMGReleaseError) -> FileDigest {
    do {
      let final = try notarized ?? FileDigest(ofFileAt: image)
      events(.digested(sha256: final.hex, bytes: final.byteCount))
      return final
    } catch {
      throw DMGReleaseError(
        step: .digest, kind: .failed, description: "cannot read \(image): \(error)")
    }
  }

  /// Runs an engine's step, naming the step in what it throws.
  func run<T>(_ step: Step, _ body: () async throws -> T) async throws(DMGReleaseError)
    -> T
  {
    do {
      return try await body()
    } catch {
      throw DMGReleaseError(step: step, error)
    }
  }
}
