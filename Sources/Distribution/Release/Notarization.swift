package import Digests

/// What a notarization gave back: the submission and Apple's verdict so far.
public struct Notarization: Sendable, Equatable {
  /// The submission's ID.
  public let submissionID: String
  /// `Accepted` once Apple has judged it; `In Progress` when the call was asked not to wait.
  public let status: NotaryStatus
  /// The SHA-256 and size of the file as it was notarized (stapling changes it).
  package let file: FileDigest

  /// Whether Apple accepted the submission.
  public var isAccepted: Bool { status == .accepted }

  /// The notarization a notarizer's outcome tells.
  init(_ outcome: Notarizer.Outcome) {
    submissionID = outcome.submissionID
    status = outcome.status
    file = outcome.image
  }
}
