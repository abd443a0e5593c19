public import Foundation
import SystemSupport

extension DMGRelease {
  /// Checks the app offline as ``AppVerification`` does (every slice's signature, the chain,
  /// the hardened runtime, the timestamp, every seal), so that an app the notary would refuse,
  /// an unsigned one first of all, is not uploaded.
  ///
  /// - Parameters:
  ///   - path: The signed `.app` folder.
  ///   - trustRoots: The roots a Developer ID chain may end at.
  /// - Throws: A ``DMGReleaseError`` of the ``Step/notarizeApp`` step listing every problem and,
  ///   in Apple's words, every issue per file and architecture.
  public func preflightApp(_ path: String, trustRoots: TrustRoots) throws(DMGReleaseError) {
    let verification: AppVerification
    do {
      verification = try AppVerification(path: path, trustRoots: trustRoots)
    } catch {
      throw DMGReleaseError(step: .notarizeApp, error)
    }
    guard !verification.isValid else { return }
    throw Self.refusal(
      of: path, step: .notarizeApp, lines: verification.problems + verification.notaryIssues)
  }

  /// Notarizes a signed app: zips it to a temporary `<Name>.zip` (entries under `<Name>.app/`,
  /// as `ditto -c -k --keepParent` writes them), submits the zip and waits at most `timeout`
  /// seconds; reports each status seen, then ``Event/appNotarized(path:id:)``.
  ///
  /// The submission is recorded beside the app (`<Name>.app.notarization.json`) unless
  /// `statePath` says otherwise: the zip of an unchanged app has the same bytes, so a rerun
  /// resumes the same submission.
  ///
  /// - Parameters:
  ///   - path: The signed `.app` folder.
  ///   - credentials: How to reach the notary service.
  ///   - timeout: The longest wait, in seconds.
  ///   - statePath: Where the submission is recorded, or `nil` for beside the app.
  /// - Returns: The accepted submission's ID.
  /// - Throws: A ``DMGReleaseError`` of the ``Step/notarizeApp`` step, of kind
  ///   ``DMGReleaseError/Kind/timedOut`` when Apple is still checking after `timeout`.
  @discardableResult
  public func notarizeApp(
    _ path: String, credentials: NotaryCredentials, timeout: TimeInterval = 3600,
    statePath: String? = nil
  ) async throws(DMGReleaseError) -> String {
    try await appNotarization(
      path, credentials: credentials, timeout: timeout, statePath: statePath
    ).submissionID
  }

  /// Notarizes a signed app as ``notarizeApp(_:credentials:timeout:statePath:)`` does, resuming
  /// `submissionID` when given, and returning once uploaded when `wait` is `false` (a later run
  /// resumes the wait: the same app zips to the same bytes).
  package func appNotarization(
    _ path: String, credentials: NotaryCredentials, timeout: TimeInterval = 3600,
    statePath: String? = nil, submissionID: String? = nil, wait: Bool = true
  ) async throws(DMGReleaseError) -> Notarizer.Outcome {
    let engine = try self.engine(for: .notarizeApp, as: (any Notarizing).self)
    let archiver = try self.engine(for: .notarizeApp, as: (any AppArchiving).self)
    let app = URL(fileURLWithPath: path).standardizedFileURL
    let notarizer = Notarizer(
      engine: engine, credentials: credentials, clock: clock, timeout: timeout)
    let events = events
    let outcome = try await run(.notarizeApp) {
      // The key is checked before the app is zipped: a missing .p8 costs no zip.
      try engine.validate(credentials)
      return try await Self.withTemporaryFolder { folder in
        let zip = folder.appendingPathComponent(
          app.deletingPathExtension().lastPathComponent + ".zip"
        ).path
        try await archiver.archiveApp(app.path, to: zip)
        return try await notarizer.notarization(
          of: zip, statePath: statePath ?? Notarizer.statePath(for: app.path),
          submissionID: submissionID, wait: wait, progress: Self.statusReporter(events),
          note: Self.noteReporter(events))
      }
    }
    if outcome.status == .accepted { events(.appNotarized(path: path, id: outcome.submissionID)) }
    return outcome
  }

  /// Staples the notarization ticket to the app's `Contents/CodeResources` (outside every seal,
  /// so the signature stays valid), looked up by the main executable's cdhash, looking every
  /// 10 s for a ticket not published yet; reports ``Event/appStapled(path:)``.
  ///
  /// - Parameters:
  ///   - path: The notarized `.app` folder.
  ///   - ticketTimeout: How long to look for the ticket, in seconds.
  /// - Throws: A ``DMGReleaseError`` of the ``Step/stapleApp`` step.
  public func stapleApp(_ path: String, ticketTimeout: TimeInterval = 60)
    async throws(DMGReleaseError)
  {
    let engine = try self.engine(for: .stapleApp, as: (any Stapling).self)
    let stapler = TicketStapler(
      engine: engine, clock: clock, attempts: max(1, Int(ticketTimeout / 10) + 1), delay: 10)
    try await run(.stapleApp) { try await stapler.staple(path) }
    events(.appStapled(path: path))
  }

  /// Notarizes and staples each app of a build's source before the build (`--staple-app`): the
  /// first of a ship's two submissions.
  ///
  /// Each app's submission is recorded beside the image (`<image>.<Name>.app.notarization.json`),
  /// not beside the app: the source folder is the volume's contents, and a state file there would
  /// end up in the image.
  func notarizeAndStapleApps(in source: String, plan: Plan, credentials: NotaryCredentials)
    async throws(DMGReleaseError) -> [String]
  {
    var ids: [String] = []
    for app in try Self.apps(in: source) {
      if plan.preflight { try preflightApp(app, trustRoots: plan.trustRoots) }
      let state = Notarizer.statePath(
        for: image + "." + URL(fileURLWithPath: app).standardizedFileURL.lastPathComponent)
      ids.append(
        try await notarizeApp(
          app, credentials: credentials, timeout: plan.timeout, statePath: state))
      try await stapleApp(app, ticketTimeout: plan.ticketTimeout)
    }
    return ids
  }

  /// Runs `body` with a new temporary folder, removed afterwards (and on an interruption).
  static func withTemporaryFolder<T>(_ body: (URL) async throws -> T) async throws -> T {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "shipyard-app-\(UUID().uuidString)")
    let ticket = InterruptionCleanup.register(folder.path)
    defer {
      InterruptionCleanup.settle(ticket) { InterruptionCleanup.removeTree(folder.path) }
    }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return try await body(folder)
  }
}
