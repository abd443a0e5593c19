import CodeSigning

/// Why a step of a release (``AppRelease``, ``DMGRelease``) failed: the step, the kind of
/// failure and a sentence naming the problem.
///
/// A caller branches on ``kind``: a ``Kind/timedOut`` notarization resumes when the same call
/// runs again; ``Kind/invalidOptions`` is the caller's to fix; ``Kind/failed`` is the file's, a
/// tool's or Apple's. ``refusal`` holds, a line each, what the offline check before an upload
/// found that the notary would refuse.
public struct ReleaseError: Error, Sendable, CustomStringConvertible {
  /// What kind of failure it is.
  public enum Kind: Sendable, Equatable {
    /// A tool, the file or Apple refused the step.
    case failed
    /// The options cannot work together, or the engine lacks the step.
    case invalidOptions
    /// Notarization is still in progress after the timeout; rerunning resumes it.
    case timedOut
  }

  /// The step that failed.
  public let step: ReleaseStep
  /// What kind of failure it is.
  public let kind: Kind
  /// A sentence naming the problem.
  public let description: String
  /// What the offline check before the upload found that the notary would refuse; `nil` unless
  /// that check failed the step.
  public let refusal: PreflightRefusal?
  /// The engine's error behind the failure, with its context, when an engine's step failed.
  public let cause: PipelineError?
  /// The error the step threw, typed by the module that threw it (such as ``CodeSigningError``,
  /// ``BundleError``, ``HFSPlusError`` or ``DiskImageError``), for a caller that branches on its
  /// cases; `nil` when the release itself found the problem.
  public let underlyingError: (any Error)?

  /// What the notary would refuse in a file, found offline before the upload.
  public struct PreflightRefusal: Sendable, Equatable {
    /// The file checked: an app, an image.
    public let target: String
    /// A line per issue, the file and architecture first, in Apple's words.
    public let issues: [String]
  }

  /// Makes an error of `step`.
  ///
  /// - Parameters:
  ///   - step: The step that failed.
  ///   - kind: What kind of failure it is.
  ///   - description: A sentence naming the problem.
  public init(step: ReleaseStep, kind: Kind, description: String) {
    self.init(step: step, kind: kind, description: description, refusal: nil, cause: nil)
  }

  private init(
    step: ReleaseStep, kind: Kind, description: String, refusal: PreflightRefusal?,
    cause: PipelineError?, underlyingError: (any Error)? = nil
  ) {
    self.step = step
    self.kind = kind
    self.description = description
    self.refusal = refusal
    self.cause = cause
    self.underlyingError = underlyingError
  }

  /// The error of an engine's `step`: a release's error stays as it is, a pipeline error says
  /// itself, any other is prefixed with the step's name.
  init(step: ReleaseStep, _ error: any Error) {
    if let error = error as? ReleaseError {
      self = error  // a step within the step said it already
      return
    }
    let cause: PipelineError
    switch error {
    case let error as PipelineError: cause = error
    case CodeSigningError.timestampFailed(let reason): cause = .timestampUnavailable(reason: reason)
    default:
      self.init(
        step: step, kind: .failed, description: "\(step.rawValue): \(error)", refusal: nil,
        cause: nil, underlyingError: error)
      return
    }
    let kind: Kind =
      switch cause {
      case .notarizationTimedOut: .timedOut
      case .invalidOptions, .noEngine, .keychainIdentityUnsupported, .apiKeyRequired,
        .apiKeyIncomplete, .entitlementsScopeNotFound, .certificateFileUnsupported,
        .sha256ChecksumsUnsupported:
        .invalidOptions
      default: .failed
      }
    self.init(
      step: step, kind: kind, description: "\(cause)", refusal: nil, cause: cause,
      underlyingError: error)
  }

  /// The preflight's error: what the notary would refuse in `target`, a line each.
  static func refusal(of target: String, step: ReleaseStep, lines: [String]) -> ReleaseError {
    ReleaseError(
      step: step, kind: .failed,
      description: "the notary would refuse \(target) (checked before uploading):\n"
        + lines.map { "  \($0)" }.joined(separator: "\n"),
      refusal: PreflightRefusal(target: target, issues: lines), cause: nil)
  }
}
