import Distribution
import Foundation

/// The release steps the `dmg` and `app` commands share, run by Distribution's ``DMGRelease`` and
/// ``AppRelease``: each prints what it did on standard error, and its errors become the right exit
/// codes.
struct ReleaseSteps {
  /// Where the steps print.
  let console: Console
  /// The engine (made and checked by the command's `init`; `nil` when signing is skipped).
  let engine: (any ReleaseEngine)?
  /// Whether the steps print nothing but errors (`--quiet`).
  let quiet: Bool
  /// The progress of the steps that show one.
  private let meters: Meters

  /// The progress of the app's signing (items), the build and the notarization upload (bytes),
  /// each started at its first update.
  struct Meters {
    /// The app's signing.
    let signing: ProgressReporter
    /// The build.
    let building: ProgressReporter
    /// The native engine's upload for notarization.
    let uploading: ProgressReporter

    /// Meters in the style for `console` (none when `quiet`).
    init(console: Console, quiet: Bool) {
      let style = ProgressStyle.of(console, quiet: quiet)
      signing = ProgressReporter(
        "signing", style: style, unit: .count(one: "item", many: "items"), console: console,
        startsNow: false)
      building = ProgressReporter("building", style: style, console: console, startsNow: false)
      uploading = ProgressReporter("uploading", style: style, console: console, startsNow: false)
    }
  }

  /// Steps that print on `console` (nothing but errors when `quiet`) and run `engine`.
  init(console: Console, engine: (any ReleaseEngine)?, quiet: Bool = false) {
    self.console = console
    self.engine = engine
    self.quiet = quiet
    meters = Meters(console: console, quiet: quiet)
  }

  /// The release of the disk image at `path`.
  func image(_ path: String) -> DMGRelease {
    let (console, meters, quiet) = (console, meters, quiet)
    return DMGRelease(image: path, signingEngine: engine) { event in
      if !quiet { Self.print(event, target: path, console: console, meters: meters) }
    }
  }

  /// The release of the package at `path`.
  func package(_ path: String) -> PackageRelease {
    let (console, meters, quiet) = (console, meters, quiet)
    return PackageRelease(package: path, signingEngine: engine) { event in
      if !quiet { Self.print(event, target: path, console: console, meters: meters) }
    }
  }

  /// The release of the app at `path` (made only with an engine); the signing's summary is
  /// left to the caller unless `announcesSigning`.
  func app(_ path: String, announcesSigning: Bool = true) throws(CommandError) -> AppRelease {
    guard let engine else { throw .failure("no signing engine for \(path)") }
    let (console, meters, quiet) = (console, meters, quiet)
    return AppRelease(app: path, engine: engine) { event in
      if quiet { return }
      if case .appSigned = event, !announcesSigning {
        meters.signing.finish()
        return
      }
      Self.print(event, target: path, console: console, meters: meters)
    }
  }

  /// Runs `steps`, mapping a release's error to the exit codes: 75 when notarization timed out,
  /// 64 for options that cannot work (as the failed step's command), else 1.
  func run<T>(_ steps: () async throws -> T) async throws(CommandError) -> T {
    do {
      return try await steps()
    } catch let error as ReleaseError {
      switch error.kind {
      case .timedOut: throw .timeout(error.description)
      case .invalidOptions:
        throw .usage(Self.message(error), command: Self.command(of: error.step))
      case .failed: throw .failure(Self.message(error))
      }
    } catch let error as CommandError {
      throw error
    } catch {
      throw .failure("\(error)")  // the releases throw only their own errors
    }
  }

  /// A failed step's message, in the CLI's words: a preflight refusal names the flag that
  /// uploads all the same, an engine's or a signer's error the flags that act on it
  /// (``EngineErrorWords``), feeds not written the command.
  static func message(_ error: ReleaseError) -> String {
    if let cause = error.cause {
      return EngineErrorWords.message(cause, command: command(of: error.step))
    }
    if let signing = error.underlyingError as? CodeSigningError,
      let words = EngineErrorWords.message(signing)
    {
      return words
    }
    if let refusal = error.refusal {
      return "the notary would refuse \(refusal.target) (checked before uploading; "
        + "--no-preflight uploads it all the same):\n"
        + refusal.issues.map { "  \($0)" }.joined(separator: "\n")
    }
    return error.step == .feeds ? "dmg ship: \(error.description)" : error.description
  }

  /// The command that runs `step` alone.
  static func command(of step: ReleaseStep) -> String {
    switch step {
    case .notarizeApp: "app notarize"
    case .stapleApp: "app staple"
    case .signApp: "app sign"
    default: "dmg \(step.rawValue)"
    }
  }

  /// Prints what an app's signing did: the app, the engine, the count of items, the warnings.
  static func announce(_ summary: AppSigningSummary, console: Console) {
    console.printError(
      "signed \(summary.path) with \(summary.engine): "
        + ProgressUnit.count(one: "item", many: "items").amount(Int64(summary.items.count)))
    for warning in summary.warnings { console.printError("warning: \(warning)") }
  }

  /// The line (or the progress of the signing, the build or the upload) an event prints on
  /// standard error.
  private static func print(
    _ event: ReleaseEvent, target image: String, console: Console, meters: Meters
  ) {
    let (progress, upload) = (meters.building, meters.uploading)
    switch event {
    case .appSigning(let done, let total):
      meters.signing.update(done: Int64(done), total: Int64(total))
    case .appSigned(let summary):
      meters.signing.finish()
      announce(summary, console: console)
    case .appNotarized(let path, let id):
      console.printError("notarized \(path): submission \(id) accepted")
    case .appStapled(let path): console.printError("stapled the notarization ticket to \(path)")
    case .building(let done, let total): progress.update(done: done, total: total)
    case .built(let result):
      progress.finish()
      console.printError(DMGBuildCommand.summary(of: result))
    case .signed(let engine): console.printError("signed \(image) with \(engine)")
    case .uploading(let done, let total): upload.update(done: done, total: total)
    case .notarizationSubmitted(let id):
      upload.finish()
      console.printError("submitted \(image) for notarization: submission \(id)")
    case .notarizationResumed(let id, let reason):
      upload.finish()
      let words = reason == .givenID ? "as --submission-id says" : reason.description
      console.printError("resuming notarization submission \(id) (\(words))")
    case .notarizationStatus(let id, let status, let waited):
      console.printError("notarization \(id): \(status.name) after \(waited) s")
    case .notarized(let id): console.printError("notarized: submission \(id) accepted")
    case .ticketPending(let attempt, let attempts, let seconds):
      console.printError(
        "Apple has not published the ticket for \(image) yet: looking again in \(seconds) s "
          + "(attempt \(attempt) of \(attempts))")
    case .stapled: console.printError("stapled the notarization ticket to \(image)")
    case .assessed, .verified, .digested: break
    }
  }
}
