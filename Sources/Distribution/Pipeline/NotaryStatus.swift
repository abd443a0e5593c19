/// A notarization submission's status, as Apple names it.
public enum NotaryStatus: Equatable, Sendable {
  /// Apple is still checking the submission.
  case inProgress
  /// Accepted: the ticket can be stapled.
  case accepted
  /// Refused for the issues in the submission's log.
  case invalid
  /// Rejected.
  case rejected
  /// A status this library does not know, by Apple's name.
  case other(String)

  /// Apple's word for the status, such as `In Progress` or `Accepted`.
  public var name: String {
    switch self {
    case .inProgress: "In Progress"
    case .accepted: "Accepted"
    case .invalid: "Invalid"
    case .rejected: "Rejected"
    case .other(let name): name
    }
  }

  package init(name: String) {
    switch name.lowercased() {
    case "in progress": self = .inProgress
    case "accepted": self = .accepted
    case "invalid": self = .invalid
    case "rejected": self = .rejected
    default: self = .other(name)
    }
  }
}
