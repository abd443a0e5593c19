import Digests
import Foundation

extension Notarizer {
  /// `unverified`'s value for a submission found in the history.
  static let foundInHistory = "history"
  /// `unverified`'s value for a submission named by the caller.
  static let givenByID = "submission-id"

  /// The submission to wait for: the one given, the one recorded beside the file (its upload
  /// finished first when a run was interrupted during it), the newest of the same name in the
  /// history when it is this file's, or else a new one.
  func start(
    _ image: String, digest: FileDigest, submissionID: String?, statePath: String,
    note: (@Sendable (Note) -> Void)?
  ) async throws -> State {
    if let submissionID {
      let state = State(
        submissionID: submissionID, engine: engine.name, imageSHA256: digest.hex,
        status: NotaryStatus.inProgress.name, unverified: Self.givenByID)
      try Self.save(state, to: statePath)
      note?(.resumed(id: submissionID, reason: .givenID))
      return state
    }
    if let saved = try? JSONDecoder().decode(
      State.self, from: Data(contentsOf: URL(fileURLWithPath: statePath))),
      saved.engine == engine.name, saved.imageSHA256 == digest.hex
    {
      guard saved.status == Self.uploading else {
        note?(.resumed(id: saved.submissionID, reason: .recorded(statePath: statePath)))
        return saved
      }
      try await finishUpload(
        Self.submission(image, digest: digest, note: note), state: saved, statePath: statePath)
      note?(.resumed(id: saved.submissionID, reason: .uploadFinished))
      var state = saved
      state.status = NotaryStatus.inProgress.name
      try Self.save(state, to: statePath)
      return state
    }
    if let found = try await lookUp(image, digest: digest) {
      try Self.save(found.state, to: statePath)
      note?(.resumed(id: found.state.submissionID, reason: found.reason))
      return found.state
    }
    return try await submitAfresh(image, digest: digest, statePath: statePath, note: note)
  }

  /// Submits the file, recording the submission (and its upload, for an engine that can resume
  /// one) before the first byte is sent.
  func submitAfresh(
    _ image: String, digest: FileDigest, statePath: String, note: (@Sendable (Note) -> Void)?
  ) async throws -> State {
    let id = try await engine.submit(
      Self.submission(image, digest: digest, note: note), credentials: credentials
    ) { upload in
      try recordUpload(upload, digest: digest, statePath: statePath)
    }
    let state = State(
      submissionID: id, engine: engine.name, imageSHA256: digest.hex,
      status: NotaryStatus.inProgress.name)
    try Self.save(state, to: statePath)
    try? FileManager.default.removeItem(atPath: Self.uploadPath(forState: statePath))
    note?(.submitted(id: id))
    return state
  }

  /// Records an upload begun: its secret record (mode 0600), then the state naming the
  /// submission as uploading.
  private func recordUpload(_ upload: NotaryUpload, digest: FileDigest, statePath: String) throws {
    try Self.write(upload, to: Self.uploadPath(forState: statePath), permissions: 0o600)
    try Self.save(
      State(
        submissionID: upload.submissionID, engine: engine.name, imageSHA256: digest.hex,
        status: Self.uploading), to: statePath)
  }

  /// The submission of `image`, its upload's progress told to `note`.
  static func submission(
    _ image: String, digest: FileDigest, note: (@Sendable (Note) -> Void)?
  ) -> NotarySubmission {
    var submission = NotarySubmission(image: image, digest: digest)
    if let note { submission.uploaded = { note(.uploading(done: $0, total: $1)) } }
    return submission
  }

  /// Finishes the recorded upload of `state`'s submission.
  private func finishUpload(
    _ submission: NotarySubmission, state: State, statePath: String
  ) async throws {
    let digest = submission.digest
    let uploadPath = Self.uploadPath(forState: statePath)
    guard
      let upload = try? JSONDecoder().decode(
        NotaryUpload.self, from: Data(contentsOf: URL(fileURLWithPath: uploadPath))),
      upload.submissionID == state.submissionID
    else {
      throw PipelineError.uploadNotResumed(
        submissionID: state.submissionID, statePath: statePath,
        reason: "\(uploadPath) is missing or names another submission")
    }
    guard let resuming = engine as? any UploadResuming else {
      throw PipelineError.uploadNotResumed(
        submissionID: state.submissionID, statePath: statePath,
        reason: "\(engine.name) cannot resume an upload another engine began")
    }
    do {
      try await resuming.resumeUpload(upload, of: submission) {
        try recordUpload($0, digest: digest, statePath: statePath)
      }
    } catch {
      throw PipelineError.uploadNotResumed(
        submissionID: state.submissionID, statePath: statePath,
        reason: "\(error)")
    }
    try? FileManager.default.removeItem(atPath: uploadPath)
  }

  /// The newest submission in the history named as `image` is, when it is this file's (its log's
  /// SHA-256) or still In Progress (checked once it is done); `nil` when there is none such, or
  /// the engine looks no submissions up.
  private func lookUp(_ image: String, digest: FileDigest) async throws
    -> (state: State, reason: NotaryResumption)?
  {
    guard let lookUp = engine as? any SubmissionLookUp else { return nil }
    let name = URL(fileURLWithPath: image).lastPathComponent
    guard
      let newest = try await lookUp.history(credentials: credentials).filter({ $0.name == name })
        .max(by: { $0.createdDate < $1.createdDate })
    else { return nil }
    var state = State(
      submissionID: newest.id, engine: engine.name, imageSHA256: digest.hex,
      status: newest.status)
    switch NotaryStatus(name: newest.status) {
    case .inProgress, .other:
      state.unverified = Self.foundInHistory
      return (state, .history(name: name, status: newest.status, verified: false))
    case .accepted, .invalid, .rejected:
      guard try await loggedSHA256(of: newest.id) == digest.hex else { return nil }
      return (state, .history(name: name, status: newest.status, verified: true))
    }
  }

  /// The SHA-256 of the file the submission's log says was uploaded.
  func loggedSHA256(of submissionID: String) async throws -> String? {
    guard let reader = engine as? any SubmissionLogReading else { return nil }
    let log = try await reader.log(of: submissionID, credentials: credentials)
    return (try? JSONSerialization.jsonObject(with: log) as? [String: Any])?["sha256"] as? String
  }
}
