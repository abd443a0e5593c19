package import Digests
package import Foundation
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
package struct Notarizer: Sendable {
  /// What a notarization gives back.
  package struct Outcome: Sendable, Equatable {
    /// The submission's ID.
    package let submissionID: String
    /// The SHA-256 and size of the file notarized, as it was then (stapling changes it).
    package let image: FileDigest
    /// The submission's status: `Accepted`, unless the notarizer was asked not to wait.
    package var status: NotaryStatus = .accepted
  }

  /// What the notarizer did besides polling, for the caller to say.
  package enum Note: Sendable, Equatable {
    /// A new submission was made, and its upload finished.
    case submitted(id: String)
    /// A submission made before is resumed; `reason` says how it was found.
    case resumed(id: String, reason: NotaryResumption)
    /// The upload has sent `done` of the file's `total` bytes (engines that upload it
    /// themselves).
    case uploading(done: Int64, total: Int64)
  }

  /// What is recorded beside the file (`<file>.notarization.json`).
  package struct State: Codable, Equatable, Sendable {
    /// The submission's ID.
    package var submissionID: String
    /// The engine that submitted it.
    package var engine: String
    /// The SHA-256 of the file submitted: a rebuilt file is submitted afresh.
    package var imageSHA256: String
    /// The last status seen, or `Uploading` while the upload is not complete.
    package var status: String
    /// How the submission was found, when its bytes are not known to be the file's.
    ///
    /// `submission-id` (given by the caller) or `history` (the newest of the same name, still
    /// In Progress): its log's SHA-256 is checked against the file's once it is done. `nil` for
    /// a submission of this file.
    package var unverified: String?
  }

  /// The status recorded while the upload is not complete.
  static let uploading = "Uploading"

  let engine: any Notarizing
  let credentials: NotaryCredentials
  let clock: PipelineClock
  /// The longest wait, in seconds.
  let timeout: TimeInterval
  /// The first wait between polls; it grows by half each time, up to a minute.
  let initialInterval: TimeInterval
  /// Hashes the image: its one pass over the image's bytes.
  let digestImage: @Sendable (_ path: String) throws -> FileDigest

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
    engine: any Notarizing, credentials: NotaryCredentials, clock: PipelineClock = .live,
    timeout: TimeInterval = 3600,
    initialInterval: TimeInterval = 10,
    digestImage: @escaping @Sendable (_ path: String) throws -> FileDigest = {
      try FileDigest.known(orReadingFileAt: $0)
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
  package static func statePath(for image: String) -> String { image + ".notarization.json" }

  /// The record of an upload not complete yet, beside the state file at `statePath` (`X.json` →
  /// `X.upload.json`), mode 0600 (it holds the upload's temporary credentials), removed once the
  /// upload is complete.
  static func uploadPath(forState statePath: String) -> String {
    (statePath.hasSuffix(".json") ? String(statePath.dropLast(5)) : statePath) + ".upload.json"
  }

  /// Notarizes `image`; `progress` receives each status seen and the seconds waited.
  ///
  /// A state file beside the image (``statePath(for:)``) records the submission: rerunning on
  /// the same image resumes it, and an image already accepted returns at once. Without a state
  /// file, the newest submission of the same name in the team's history is resumed when it is
  /// this image's (its log's SHA-256), or still In Progress; else the image is submitted.
  ///
  /// - Parameters:
  ///   - image: The signed disk image, or the zip of an app.
  ///   - submissionID: A submission to resume rather than looking for one (as a job that did
  ///     not make it passes on the ID a `--no-wait` job printed); `nil` to look.
  ///   - progress: Called after each poll with the submission's ID, its status and the seconds
  ///     waited so far.
  /// - Returns: The accepted submission's ID.
  /// - Throws: An error saying notarization is still in progress after the timeout (the state
  ///   file stays, so a rerun resumes), or that Apple refused the submission, with the issues of
  ///   its log.
  package func notarize(
    _ image: String, submissionID: String? = nil,
    progress: (@Sendable (String, NotaryStatus, Int) -> Void)? = nil
  ) async throws -> String {
    try await notarization(of: image, submissionID: submissionID, progress: progress)
      .submissionID
  }

  /// Submits `image` (or finds its submission, as ``notarize(_:submissionID:progress:)`` does)
  /// and returns once the upload is complete and recorded, without waiting for Apple's verdict:
  /// a later ``notarize(_:submissionID:progress:)`` of the same file resumes the wait.
  ///
  /// - Parameter image: The signed disk image, or the zip of an app.
  /// - Returns: The submission's ID.
  /// - Throws: When the upload or the service fails.
  package func submit(_ image: String) async throws -> String {
    try await notarization(of: image, wait: false).submissionID
  }

  /// Notarizes `image` as ``notarize(_:submissionID:progress:)`` does, and gives back the image's
  /// digest too, so that a caller whose image has not changed since (no staple) needs no pass of
  /// its own.
  ///
  /// - Parameters:
  ///   - image: The file to notarize.
  ///   - statePath: Where the state file goes, when not beside `image` (an app's zip is
  ///     temporary: its state goes beside the app).
  ///   - submissionID: A submission to resume, or `nil` to look for one and else submit.
  ///   - wait: Whether to wait for Apple's verdict; `false` returns once the upload is complete.
  ///   - progress: Each status polled, with the seconds waited.
  ///   - note: What was done besides polling (submitted, resumed).
  /// - Returns: The submission's ID, its status and the image's digest.
  /// - Throws: ``PipelineError/notarizationTimedOut(submissionID:waited:)`` after `timeout`
  ///   (the state file stays, so a rerun resumes), or
  ///   ``PipelineError/notarizationRejected(submissionID:status:issues:)`` with the log's issues.
  package func notarization(
    of image: String, statePath: String? = nil, submissionID: String? = nil,
    wait: Bool = true,
    progress: (@Sendable (String, NotaryStatus, Int) -> Void)? = nil,
    note: (@Sendable (Note) -> Void)? = nil
  ) async throws -> Outcome {
    try engine.validate(credentials)
    let digest = try digestImage(image)
    let statePath = statePath ?? Self.statePath(for: image)
    var state = try await start(
      image, digest: digest, submissionID: submissionID, statePath: statePath, note: note)
    guard wait || state.status == NotaryStatus.accepted.name else {
      return Outcome(
        submissionID: state.submissionID, image: digest, status: NotaryStatus(name: state.status))
    }
    let start = clock.now()
    var interval = initialInterval
    while true {
      let status: NotaryStatus
      if state.status == NotaryStatus.accepted.name {
        status = .accepted
      } else {
        status = try await engine.status(of: state.submissionID, credentials: credentials)
        let waited = Int(clock.now() - start)
        progress?(state.submissionID, status, waited)
        state.status = status.name
        try Self.save(state, to: statePath)
      }
      switch status {
      case .accepted:
        guard let found = state.unverified else {
          return Outcome(submissionID: state.submissionID, image: digest)
        }
        if try await loggedSHA256(of: state.submissionID) == digest.hex {
          state.unverified = nil
          try Self.save(state, to: statePath)
          return Outcome(submissionID: state.submissionID, image: digest)
        }
        guard found == Self.foundInHistory else {
          throw PipelineError.submissionOfOtherBytes(
            submissionID: state.submissionID, file: image, sha256: digest.hex)
        }
        // The newest submission of this name was another build's: this file goes up itself.
        state = try await submitAfresh(image, digest: digest, statePath: statePath, note: note)
      case .invalid, .rejected:
        let issues =
          (try? await engine.issues(of: state.submissionID, credentials: credentials)) ?? []
        throw PipelineError.notarizationRejected(
          submissionID: state.submissionID, status: status.name, issues: issues)
      case .inProgress, .other:
        guard clock.now() - start + interval <= timeout else {
          throw PipelineError.notarizationTimedOut(
            submissionID: state.submissionID, waited: Int(clock.now() - start))
        }
        try await clock.sleep(interval)
        interval = min(60, interval * 1.5)
      }
    }
  }

  static func save(_ state: State, to path: String) throws {
    try write(state, to: path, permissions: 0o666)
  }

  /// Writes `value` as JSON to `path`, atomically, a new file with `permissions`.
  static func write(_ value: some Encodable, to path: String, permissions: mode_t) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try AtomicOutputFile.write(to: path, permissions: permissions) { descriptor in
      try encoder.encode(value).withUnsafeBytes { try descriptor.writeAll($0) }
    }
  }
}

/// Staples with a short bounded retry: right after acceptance the ticket may not be published yet
/// ("Record not found", Error 65).
///
/// ```swift
/// try await TicketStapler(engine: engine).staple("MyApp.dmg")
/// ```
package struct TicketStapler: Sendable {
  let engine: any Stapling
  let clock: PipelineClock
  let attempts: Int
  let delay: TimeInterval
  let waiting: @Sendable (_ attempt: Int, _ attempts: Int, _ delay: TimeInterval) -> Void

  /// Makes a stapler that looks `attempts` times, `delay` seconds apart, and tells `waiting`
  /// before each wait which attempt found no ticket.
  package init(
    engine: any Stapling, clock: PipelineClock = .live, attempts: Int = 6,
    delay: TimeInterval = 10,
    waiting: @escaping @Sendable (_ attempt: Int, _ attempts: Int, _ delay: TimeInterval) -> Void =
      { _, _, _ in }
  ) {
    self.engine = engine
    self.clock = clock
    self.attempts = max(1, attempts)
    self.delay = delay
    self.waiting = waiting
  }

  /// Staples the ticket to `image`, retrying only while the ticket is not found.
  ///
  /// - Parameter image: The notarized disk image, changed in place.
  /// - Throws: An error saying Apple has not published the ticket after the last attempt, or
  ///   why the look-up or the image failed.
  package func staple(_ image: String) async throws {
    for attempt in 1...attempts {
      do {
        return try await engine.staple(image)
      } catch let error as PipelineError {
        guard attempt < attempts, Self.isTicketMissing(error) else { throw error }
        waiting(attempt, attempts, delay)
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
