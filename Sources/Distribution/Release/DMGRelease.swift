public import Foundation

/// The release steps for one disk image: sign, check, notarize, staple, assess and verify it,
/// or ``ship(building:plan:)`` it from build to final digest and update feeds, reporting
/// progress as ``ReleaseEvent``s.
///
/// Each step throws a ``ReleaseError`` that names the step and says whether the options were at
/// fault or the notarization only timed out:
///
/// ```swift
/// let release = DMGRelease(image: "dist/MyApp.dmg", engine: engine) { event in
///   print(event)
/// }
/// var plan = DMGRelease.Plan(identity: identity, notary: credentials)
/// plan.timeout = 1800
/// let outcome = try await release.ship(building: options, plan: plan)
/// print("\(outcome.sha256) \(outcome.bytes)")
/// ```
public struct DMGRelease: Sendable {
  /// The image's path.
  public let image: String
  /// The engine, clock and events.
  let context: ReleaseContext

  /// Makes the release steps for `image` with the native engine.
  ///
  /// - Parameters:
  ///   - image: The disk image's path (written by ``ship(building:plan:)``'s build).
  ///   - engine: The engine that signs, notarizes and staples, or `nil` to only build and verify.
  ///   - events: Called with each step's progress, in order.
  public init(
    image: String, engine: NativeEngine?,
    events: @escaping @Sendable (ReleaseEvent) -> Void = { _ in }
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
    events: @escaping @Sendable (ReleaseEvent) -> Void = { _ in }
  ) {
    self.image = image
    context = ReleaseContext(engine: signingEngine, clock: clock, events: events)
  }

  /// Signs the image with `identity` and checks the signature; reports
  /// ``ReleaseEvent/signed(engine:)``.
  ///
  /// - Parameter identity: Who signs; `nil` signs ad hoc (for local use: Gatekeeper does not
  ///   accept an ad hoc image from a download).
  /// - Throws: A ``ReleaseError`` of the ``ReleaseStep/sign`` step.
  public func sign(identity: SigningIdentity?) async throws(ReleaseError) {
    let engine = try context.engine(for: .sign, as: (any ImageSigning).self)
    try await context.run(.sign) { try await engine.sign(image, identity: identity) }
    context.events(.signed(engine: engine.name))
  }

  /// Checks the image's apps offline for what Apple's notary refuses (unsigned code, no
  /// Developer ID, no secure timestamp, no hardened runtime, `get-task-allow`, an old SDK,
  /// SHA-1 only), so that an image that would fail is not uploaded (an hour's wait saved).
  ///
  /// An image these readers cannot open is left to the notary.
  ///
  /// - Parameter trustRoots: The roots a Developer ID chain may end at.
  /// - Throws: A ``ReleaseError`` of the ``ReleaseStep/notarize`` step whose
  ///   ``ReleaseError/refusal`` lists, in Apple's words, every issue per file and architecture.
  public func preflight(trustRoots: TrustRoots) throws(ReleaseError) {
    // Only the apps are read (the chunks that hold them), not the whole image: the last step
    // verifies its checksums and signature. An image these readers cannot open is left to the
    // notary, which says why.
    guard let apps = try? DMGVerification.verifyApps(in: image, trustRoots: trustRoots) else {
      return
    }
    let issues = apps.flatMap { $0.problems + $0.notaryIssues }
    guard !issues.isEmpty else { return }
    let name = URL(fileURLWithPath: image).lastPathComponent
    throw ReleaseError.refusal(of: image, step: .notarize, lines: issues.map { "\(name)/\($0)" })
  }

  /// Notarizes the signed image, waiting at most `timeout` seconds unless `wait` is `false`;
  /// reports each status seen (``ReleaseEvent/notarizationStatus(id:status:waited:)``) then
  /// ``ReleaseEvent/notarized(id:)``.
  ///
  /// - Parameters:
  ///   - credentials: How to reach the notary service.
  ///   - timeout: The longest wait, in seconds (a rerun resumes the same submission).
  ///   - submissionID: A submission to resume, or `nil` for the one recorded beside the image,
  ///     else the newest of the same name in the history when it is this image's, else a new
  ///     one.
  ///   - wait: Whether to wait for Apple's verdict; `false` returns once the upload is complete
  ///     and recorded beside the image (a CI job need not hold a runner for Apple's queue), and
  ///     a later call on the same file resumes the wait.
  /// - Returns: The submission and Apple's verdict.
  /// - Throws: A ``ReleaseError`` of the ``ReleaseStep/notarize`` step, of kind
  ///   ``ReleaseError/Kind/timedOut`` when Apple is still checking after `timeout`.
  @discardableResult
  public func notarize(
    credentials: NotaryCredentials, timeout: TimeInterval = 3600, submissionID: String? = nil,
    wait: Bool = true
  ) async throws(ReleaseError) -> Notarization {
    try await context.notarize(
      image, credentials: credentials, timeout: timeout, submissionID: submissionID, wait: wait)
  }

  /// Staples the notarization ticket, looking every 10 s for a ticket Apple has not published
  /// yet, for at most `ticketTimeout` seconds; reports ``ReleaseEvent/stapled``.
  ///
  /// - Parameter ticketTimeout: How long to look for the ticket, in seconds.
  /// - Throws: A ``ReleaseError`` of the ``ReleaseStep/staple`` step.
  public func staple(ticketTimeout: TimeInterval = 60) async throws(ReleaseError) {
    try await context.staple(image, ticketTimeout: ticketTimeout)
  }

  /// Asks Gatekeeper's verdict where Apple's tools run; reports
  /// ``ReleaseEvent/assessed(verdict:)``.
  ///
  /// - Returns: The verdict, or `nil` where it cannot be asked (off macOS).
  /// - Throws: A ``ReleaseError`` of the ``ReleaseStep/assess`` step.
  public func assess() async throws(ReleaseError) -> String? {
    let engine = try context.engine(for: .assess, as: (any ReleaseEngine).self)
    var verdict: String?
    if let assessing = engine as? any GatekeeperAssessing {
      verdict = try await context.run(.assess) { try await assessing.assess(image) }
    }
    context.events(.assessed(verdict: verdict))
    return verdict
  }

  /// Verifies the image offline through ``DMGVerification`` and reports
  /// ``ReleaseEvent/verified(_:)`` before checking it against `requirements`.
  ///
  /// - Parameters:
  ///   - requirements: What the image must carry beyond checksums that hold.
  ///   - trustRoots: The roots the signature's chain may end at.
  /// - Returns: The verification, which meets `requirements`.
  /// - Throws: A ``ReleaseError`` of the ``ReleaseStep/verify`` step: the image cannot be read,
  ///   or the ``DMGVerificationError`` of the first requirement it falls short of.
  @discardableResult
  public func verify(
    _ requirements: DMGVerification.Requirements, trustRoots: TrustRoots = .apple
  ) throws(ReleaseError) -> DMGVerification {
    let verification: DMGVerification
    do {
      verification = try DMGVerification(path: image, trustRoots: trustRoots)
    } catch {
      throw ReleaseError(step: .verify, kind: .failed, description: "verify: \(error)")
    }
    context.events(.verified(verification))
    if let failure = verification.failure(for: requirements) {
      throw ReleaseError(step: .verify, kind: .failed, description: "\(failure)")
    }
    return verification
  }
}
