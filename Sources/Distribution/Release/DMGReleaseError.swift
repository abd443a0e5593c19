/// Why a step of a ``DMGRelease`` failed: the step, the kind of failure (which the CLI maps to
/// its exit codes) and a sentence naming the problem.
public struct DMGReleaseError: Error, Sendable, CustomStringConvertible {
  /// What kind of failure it is.
  public enum Kind: Sendable, Equatable {
    /// A tool, the image or Apple refused the step.
    case failed
    /// The options cannot work together, or no engine fits them.
    case invalidOptions
    /// Notarization is still in progress after the timeout; rerunning resumes it.
    case timedOut
  }

  /// The step that failed.
  public let step: DMGRelease.Step
  /// What kind of failure it is.
  public let kind: Kind
  /// A sentence naming the problem.
  public let description: String

  /// Makes an error of `step`.
  ///
  /// - Parameters:
  ///   - step: The step that failed.
  ///   - kind: What kind of failure it is.
  ///   - description: A sentence naming the problem.
  public init(step: DMGRelease.Step, kind: Kind, description: String) {
    self.step = step
    self.kind = kind
    self.description = description
  }

  /// The error of an engine's `step`: a pipeline error says itself, any other is prefixed with
  /// the step's name.
  init(step: DMGRelease.Step, _ error: any Error) {
    guard let error = error as? PipelineError else {
      self.init(step: step, kind: .failed, description: "\(step.rawValue): \(error)")
      return
    }
    let kind: Kind =
      switch error {
      case .notarizationTimedOut: .timedOut
      case .invalidOptions, .noEngine: .invalidOptions
      default: .failed
      }
    self.init(step: step, kind: kind, description: "\(error)")
  }
}
