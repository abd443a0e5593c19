/// Why a step of the release pipeline failed.
package enum PipelineError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A tool is not on `PATH`.
  case toolMissing(String)
  /// No signing engine fits this machine and these options.
  case noEngine(String)
  /// The options cannot work together (such as a password with rcodesign).
  case invalidOptions(String)
  /// A tool exited with an error.
  case toolFailed(command: String, status: Int32, output: String)
  /// Notarization is still in progress after the timeout; rerunning resumes it.
  case notarizationTimedOut(submissionID: String, waited: Int)
  /// Apple refused the submission.
  case notarizationRejected(submissionID: String, status: String, issues: [String])
  /// A submission resumed by its ID was, by its log, of other bytes than the file.
  case submissionOfOtherBytes(submissionID: String, file: String, sha256: String)
  /// An upload a previous run began cannot be finished.
  case uploadNotResumed(submissionID: String, statePath: String, reason: String)
  /// A tool's output could not be understood.
  case unexpectedOutput(String)
  /// Apple has not published the notarization ticket of this code directory hash (yet).
  case ticketNotPublished(cdhash: String)

  /// A sentence naming the problem.
  package var description: String {
    switch self {
    case .toolMissing(let tool): "\(tool) is not on PATH"
    case .noEngine(let reason): "no signing engine: \(reason)"
    case .invalidOptions(let reason): reason
    case .toolFailed(let command, let status, let output):
      "\(command) exited with \(status)\(output.isEmpty ? "" : ": \(output)")"
    case .notarizationTimedOut(let id, let waited):
      "notarization of submission \(id) is still in progress after \(waited) s; run the same command again to keep waiting"
    case .notarizationRejected(let id, let status, let issues):
      "notarization of submission \(id) ended \(status)"
        + (issues.isEmpty ? "" : ":\n  " + issues.joined(separator: "\n  "))
    case .submissionOfOtherBytes(let id, let file, let sha256):
      "submission \(id) was accepted, but its log names other bytes than \(file) (SHA-256 "
        + "\(sha256)): its ticket would not staple; notarize without --submission-id to submit "
        + "the file"
    case .uploadNotResumed(let id, let statePath, let reason):
      "cannot finish the upload of submission \(id) that an earlier run began: \(reason); "
        + "when its temporary credentials have expired, remove \(statePath) to submit afresh"
    case .unexpectedOutput(let detail): "unexpected tool output: \(detail)"
    case .ticketNotPublished(let cdhash):
      "Apple has not published a notarization ticket for cdhash \(cdhash) (yet): if the image "
        + "was accepted just now, run `dmg staple` again in a minute"
    }
  }
}
