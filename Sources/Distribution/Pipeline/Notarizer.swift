package import Digests
public import Foundation
import SystemSupport

/// Notarizes an image without hanging.
///
/// It submits the image, records the submission in a state file beside the image, then polls
/// with a bounded timeout and backoff. Rerunning on the same image resumes the recorded
/// submission instead of submitting again.
///
/// ```swift
/// let notarizer = Notarizer(engine: engine, credentials: credentials, timeout: 1800)
/// let id = try await notarizer.notarize("MyApp.dmg") { id, status, waited in
///   print("submission \(id): \(status.name) after \(waited) s")
/// }
/// ```
///
/// The image is read once to hash it: that SHA-256 identifies the image in the state file and
/// goes to the submission (the Notary API's `sha256`, S3's payload digest).
public struct Notarizer: Sendable {
  /// What a notarization gives back.
  package struct Outcome: Sendable, Equatable {
    /// The accepted submission's ID.
    package let submissionID: String
    /// The SHA-256 and size of the image notarized, as it was then (stapling changes it).
    package let image: FileDigest
  }

  /// What is recorded beside the image (`<image>.notarization.json`).
  package struct State: Codable, Equatable, Sendable {
    /// The submission's ID.
    package var submissionID: String
    /// The engine that submitted it.
    package var engine: String
    /// The SHA-256 of the image submitted: a rebuilt image is submitted afresh.
    package var imageSHA256: String
    /// The last status seen.
    package var status: String
  }

  let engine: any SigningEngine
  let credentials: NotaryCredentials
  let clock: PipelineClock
  /// The longest wait, in seconds.
  let timeout: TimeInterval
  /// The first wait between polls; it grows by half each time, up to a minute.
  let initialInterval: TimeInterval
  /// Hashes the image: its one pass over the image's bytes.
  let digestImage: @Sendable (_ path: String) throws -> FileDigest

  /// Makes a notarizer that submits through the native engine.
  ///
  /// - Parameters:
  ///   - engine: The engine that submits and polls.
  ///   - credentials: An ``NotaryCredentials/apiKey(path:keyID:issuer:)`` key.
  ///   - timeout: The longest wait, in seconds, before ``notarize(_:progress:)`` gives up
  ///     (a rerun then resumes the same submission).
  public init(engine: NativeEngine, credentials: NotaryCredentials, timeout: TimeInterval = 3600) {
    self.init(engine: engine as any SigningEngine, credentials: credentials, timeout: timeout)
  }

  /// Makes a notarizer.
  ///
  /// - Parameters:
  ///   - engine: The tools that submit and poll.
  ///   - credentials: How to reach the notary service.
  ///   - clock: The time polls wait by.
  ///   - timeout: The longest wait, in seconds.
  ///   - initialInterval: The first wait between polls, in seconds.
  ///   - digestImage: The SHA-256 of the image at a path (one pass over it); tests count its
  ///     calls.
  package init(
    engine: any SigningEngine, credentials: NotaryCredentials, clock: PipelineClock = .live,
    timeout: TimeInterval = 3600,
    initialInterval: TimeInterval = 10,
    digestImage: @escaping @Sendable (_ path: String) throws -> FileDigest = {
      try FileDigest(ofFileAt: $0)
    }
  ) {
    self.engine = engine
    self.credentials = credentials
    self.clock = clock
    self.timeout = timeout
    self.initialInterval = initialInterval
    self.digestImage = digestImage
  }

  /// The state file for `image`: `<image>.notarization.json`, which holds the submission's ID,
  /// the image's SHA-256 and the last status seen.
  ///
  /// - Parameter image: The image's path.
  /// - Returns: The state file's path.
  public static func statePath(for image: String) -> String { image + ".notarization.json" }

  /// Notarizes `image`; `progress` receives each status seen and the seconds waited.
  ///
  /// A state file beside the image (``statePath(for:)``) records the submission: rerunning on
  /// the same image resumes it, and an image already accepted returns at once.
  ///
  /// - Parameters:
  ///   - image: The signed disk image.
  ///   - progress: Called after each poll with the submission's ID, its status and the seconds
  ///     waited so far.
  /// - Returns: The accepted submission's ID.
  /// - Throws: An error saying notarization is still in progress after the timeout (the state
  ///   file stays, so a rerun resumes), or that Apple refused the submission, with the issues of
  ///   its log.
  public func notarize(
    _ image: String, progress: (@Sendable (String, NotaryStatus, Int) -> Void)? = nil
  ) async throws -> String {
    try await notarization(of: image, progress: progress).submissionID
  }

  /// Notarizes `image` as ``notarize(_:progress:)`` does, and gives back the image's digest too,
  /// so that a caller whose image has not changed since (no staple) needs no pass of its own.
  ///
  /// - Parameters:
  ///   - image: The signed disk image, or an app's zip.
  ///   - statePath: Where the state file goes, when not beside `image` (an app's zip is
  ///     temporary: its state goes beside the app).
  ///   - progress: Called after each poll, as for ``notarize(_:progress:)``.
  /// - Returns: The accepted submission's ID and the image's digest.
  /// - Throws: ``PipelineError/notarizationTimedOut(submissionID:waited:)`` after `timeout`
  ///   (the state file stays, so a rerun resumes), or
  ///   ``PipelineError/notarizationRejected(submissionID:status:issues:)`` with the log's issues.
  package func notarization(
    of image: String, statePath: String? = nil,
    progress: (@Sendable (String, NotaryStatus, Int) -> Void)? = nil
  ) async throws -> Outcome {
    try engine.validate(credentials)
    let digest = try digestImage(image)
    let statePath = statePath ?? Self.statePath(for: image)
    var state: State
    if let saved = try? JSONDecoder().decode(
      State.self, from: Data(contentsOf: URL(fileURLWithPath: statePath))),
      saved.engine == engine.name, saved.imageSHA256 == digest.hex
    {
      state = saved
      if state.status == NotaryStatus.accepted.name {
        return Outcome(submissionID: state.submissionID, image: digest)
      }
    } else {
      let id = try await engine.submit(
        NotarySubmission(image: image, digest: digest), credentials: credentials)
      state = State(
        submissionID: id, engine: engine.name, imageSHA256: digest.hex,
        status: NotaryStatus.inProgress.name)
      try Self.save(state, to: statePath)
    }
    let start = clock.now()
    var interval = initialInterval
    while true {
      let status = try await engine.status(of: state.submissionID, credentials: credentials)
      let waited = Int(clock.now() - start)
      progress?(state.submissionID, status, waited)
      state.status = status.name
      try Self.save(state, to: statePath)
      switch status {
      case .accepted:
        return Outcome(submissionID: state.submissionID, image: digest)
      case .invalid, .rejected:
        let issues =
          (try? await engine.issues(of: state.submissionID, credentials: credentials)) ?? []
        throw PipelineError.notarizationRejected(
          submissionID: state.submissionID, status: status.name, issues: issues)
      case .inProgress, .other:
        guard clock.now() - start + interval <= timeout else {
          throw PipelineError.notarizationTimedOut(submissionID: state.submissionID, waited: waited)
        }
        try await clock.sleep(interval)
        interval = min(60, interval * 1.5)
      }
    }
  }

  static func save(_ state: State, to path: String) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try AtomicOutputFile.write(to: path) { descriptor in
      try encoder.encode(state).withUnsafeBytes { try descriptor.writeAll($0) }
    }
  }
}

/// Staples with a short bounded retry: right after acceptance the ticket may not be published yet
/// ("Record not found", Error 65).
///
/// ```swift
/// try await TicketStapler(engine: engine).staple("MyApp.dmg")
/// ```
public struct TicketStapler: Sendable {
  let engine: any SigningEngine
  let clock: PipelineClock
  let attempts: Int
  let delay: TimeInterval

  /// Makes a stapler that looks the ticket up with the native engine.
  ///
  /// - Parameters:
  ///   - engine: The engine that looks the ticket up and staples it.
  ///   - attempts: How many times to look for a ticket not published yet.
  ///   - delay: The seconds between attempts.
  public init(engine: NativeEngine, attempts: Int = 6, delay: TimeInterval = 10) {
    self.init(engine: engine as any SigningEngine, attempts: attempts, delay: delay)
  }

  /// Makes a stapler.
  package init(
    engine: any SigningEngine, clock: PipelineClock = .live, attempts: Int = 6,
    delay: TimeInterval = 10
  ) {
    self.engine = engine
    self.clock = clock
    self.attempts = max(1, attempts)
    self.delay = delay
  }

  /// Staples the ticket to `image`, retrying only while the ticket is not found.
  ///
  /// - Parameter image: The notarized disk image, changed in place.
  /// - Throws: An error saying Apple has not published the ticket after the last attempt, or
  ///   why the look-up or the image failed.
  public func staple(_ image: String) async throws {
    for attempt in 1...attempts {
      do {
        return try await engine.staple(image)
      } catch let error as PipelineError {
        guard attempt < attempts, Self.isTicketMissing(error) else { throw error }
        try await clock.sleep(delay)
      }
    }
  }

  /// Whether the error says the ticket is not published yet (the native engine's error, or the
  /// tools' "Record not found", Error 65).
  static func isTicketMissing(_ error: PipelineError) -> Bool {
    switch error {
    case .ticketNotPublished: true
    case .toolFailed(_, _, let output):
      output.contains("Record not found") || output.contains("Error 65")
        || output.contains("Could not find ticket")
    default: false
    }
  }
}
