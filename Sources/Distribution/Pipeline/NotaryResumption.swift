/// How a notarization found the submission it resumes instead of submitting the file again.
public enum NotaryResumption: Sendable, Equatable, CustomStringConvertible {
  /// The caller gave the submission's ID.
  case givenID
  /// The state file at this path records it.
  case recorded(statePath: String)
  /// The state file records an upload that an earlier run began; it is finished now.
  case uploadFinished
  /// The newest submission of this name in the history: of the same bytes, or, with a status
  /// still in progress, to be checked once it is done.
  case history(name: String, status: String, verified: Bool)

  /// How it was found, in a few words.
  public var description: String {
    switch self {
    case .givenID: "as the submission ID given says"
    case .recorded(let statePath): "recorded in \(statePath)"
    case .uploadFinished: "its upload, interrupted, is finished"
    case .history(let name, _, true):
      "the newest submission named \(name) in the history, of these bytes"
    case .history(let name, let status, false):
      "the newest submission named \(name) in the history, \(status) (its SHA-256 is checked "
        + "once it is done)"
    }
  }
}
