import Distribution
import Foundation

/// The release steps the `dmg` commands share, run by Distribution's ``DMGRelease``: each prints
/// what it did on standard error, and its errors become the right exit codes.
struct ReleaseSteps {
  /// The steps, reporting to ``print(_:image:console:progress:)``.
  let release: DMGRelease

  /// Steps on `image` that print on `console` and run `engine` (made and checked by the
  /// command's `init`; `nil` when signing is skipped).
  init(console: Console, image: String, engine: (any ReleaseEngine)?) {
    let progress = console.errorIsTerminal ? StepProgress(console: console) : nil
    release = DMGRelease(image: image, signingEngine: engine) { event in
      Self.print(event, image: image, console: console, progress: progress)
    }
  }

  /// Runs `steps` on the release, mapping its error to the exit codes: 75 when notarization
  /// timed out, 64 for options that cannot work (as the failed step's command), else 1.
  func run<T>(_ steps: (DMGRelease) async throws -> T) async throws(CommandError) -> T {
    do {
      return try await steps(release)
    } catch let error as DMGReleaseError {
      switch error.kind {
      case .timedOut: throw .timeout(error.description)
      case .invalidOptions: throw .usage(error.description, command: Self.command(of: error.step))
      case .failed: throw .failure(error.description)
      }
    } catch {
      throw .failure("\(error)")  // DMGRelease throws only its own errors
    }
  }

  /// The command that runs `step` alone.
  static func command(of step: DMGRelease.Step) -> String {
    switch step {
    case .notarizeApp: "app notarize"
    case .stapleApp: "app staple"
    case .signApp: "app sign"
    default: "dmg \(step.rawValue)"
    }
  }

  /// The line (or the progress) an event prints on standard error, as the `dmg` commands always
  /// have.
  private static func print(
    _ event: DMGRelease.Event, image: String, console: Console, progress: StepProgress?
  ) {
    switch event {
    case .appSigned(let summary):
      console.printError(
        "signed \(summary.path) with \(summary.engine): \(summary.items.count) items")
      for warning in summary.warnings { console.printError("warning: \(warning)") }
    case .appNotarized(let path, let id):
      console.printError("notarized \(path): submission \(id) accepted")
    case .appStapled(let path): console.printError("stapled the notarization ticket to \(path)")
    case .building(let done, let total): progress?.update(done: done, total: total)
    case .built(let result):
      progress?.finish()
      DMGBuildCommand.report(result, console: console)
    case .signed(let engine): console.printError("signed \(image) with \(engine)")
    case .notarizationSubmitted(let id):
      console.printError("submitted \(image) for notarization: submission \(id)")
    case .notarizationResumed(let id, let reason):
      console.printError("resuming notarization submission \(id) (\(reason))")
    case .notarizationStatus(let id, let status, let waited):
      console.printError("notarization \(id): \(status.name) after \(waited) s")
    case .notarized(let id): console.printError("notarized: submission \(id) accepted")
    case .stapled: console.printError("stapled the notarization ticket to \(image)")
    case .assessed, .verified, .digested: break
    }
  }
}
