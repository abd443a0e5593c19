import Distribution
import Foundation

/// `shipyard dmg ship`: build, sign, notarize, staple and verify in one command.
struct DMGShipCommand: ShipyardCommand {
  static let path = "dmg ship"
  static let summary = "Build, sign, notarize, staple and verify a disk image in one command."
  static let help = """
    OVERVIEW: \(summary)

    \(table.usage)

    Runs `app sign` on the app (or on each .app of the folder) with the same identity, then
    `dmg build`, `dmg sign`, `dmg notarize`, `dmg staple` and `dmg verify` in order, with the
    same options, and prints a summary (as JSON with --json) ending with the final image's SHA-256
    and size (stapling changes the bytes: feed these to updaters). With --staple-app the app is
    notarized and stapled first (`app notarize`, `app staple`), then the image: two submissions.
    With --no-wait it stops after the upload (notarize: submitted), for a later job to run
    `dmg notarize` (which resumes the submission) and `dmg staple`. Last, on the final bytes,
    --appcast and --electron-updater write the update feeds as `appcast add` does. Exit codes as
    for `dmg notarize`.
    Off macOS the native engine does every step itself: no Apple tool or rcodesign is needed.

    \(table.help)
    """

  /// The options: the build's (summarized), the signing and notary options, then the steps.
  static let table = OptionTable<DMGShipArguments>(
    command: path,
    [
      (
        "OPTIONS",
        BuildOptionTable.summarized(
          as: "As for `dmg build`, and so are its layout, window and view options."
        ).map { $0.lifted(\.build) } + SigningArguments.options.map { $0.lifted(\.signing) }
          + NotaryArguments.options.map { $0.lifted(\.notary) }
          + AppSigningArguments.options.map { $0.lifted(\.app) }
          + TrustArguments.options.map { $0.lifted(\.trust) }
          + AppcastArguments.options(feedFlag: "--appcast").map { $0.lifted(\.feeds) }
          + DMGShipArguments.options
      )
    ]
  ).taking("<app-or-folder>").alsoUsable(with: ["--config"], optional: ["-o"])

  let build: DMGBuildOptions
  /// `--force`: an existing image at the output is replaced.
  let replacesOutput: Bool
  /// The signing options, unless signing is skipped.
  let signing: SigningOptions?
  /// The notary options, unless notarizing is skipped.
  let notary: NotaryOptions?
  /// The engine, unless signing is skipped.
  let engine: (any ReleaseEngine)?
  /// The roots the final verification trusts.
  let trustRoots: TrustRoots
  /// How the app is signed before the build, unless that is skipped.
  let app: AppSigningOptions?
  /// The steps left out.
  let skipped: Set<DMGShipArguments.Step>
  /// `--no-preflight`.
  let noPreflight: Bool
  /// `--staple-app`.
  let stapleApp: Bool
  /// `--no-wait`.
  let noWait: Bool
  /// Whether the summary is printed as JSON.
  let json: Bool
  /// Whether progress and steps are left out (`--quiet`).
  let quiet: Bool
  /// The update feeds written from the final image, after stapling and verifying.
  let feeds: UpdateFeedOptions

  init(arguments: [String], environment: [String: String]) throws(CommandError) {
    var parsed = DMGShipArguments()
    let positionals = try Self.table.parse(arguments, into: &parsed)
    guard positionals.count == 1 || (positionals.isEmpty && parsed.build.source != nil) else {
      throw .usage("expected one <app-or-folder>", command: Self.path)
    }
    replacesOutput = parsed.build.replacesOutput
    build = try parsed.build.validated(
      source: positionals.first, environment: environment, command: Self.path)
    skipped = parsed.skipped
    noPreflight = parsed.noPreflight
    stapleApp = parsed.stapleApp
    noWait = parsed.noWait
    json = parsed.json
    quiet = parsed.quiet
    if stapleApp, skipped.contains(.sign) || skipped.contains(.notarize) || noWait {
      throw .usage(
        "--staple-app notarizes the app and waits: it cannot go with --skip-sign, --skip-notarize"
          + " or --no-wait", command: Self.path)
    }
    trustRoots = try parsed.trust.validated(environment: environment, command: Self.path)
    feeds = try parsed.feeds.validated(
      environment: environment, command: Self.path, feedFlag: "--appcast")
    guard !skipped.contains(.sign) else {
      (signing, notary, engine, app) = (nil, nil, nil, nil)
      return
    }
    app =
      skipped.contains(.signApp)
      ? nil
      : try parsed.app.validated(identifier: nil, environment: environment, command: Self.path)
    let signing = try parsed.signing.validated(environment: environment, command: Self.path)
    let engine = try signing.engine.engine(
      signing: signing, environment: environment, command: Self.path)
    if !skipped.contains(.notarize) {
      let notary = try parsed.notary.validated(
        environment: environment, command: Self.path, engine: signing.engine)
      try notary.check(for: engine, command: Self.path)
      self.notary = notary
    } else {
      notary = nil
    }
    (self.signing, self.engine) = (signing, engine)
  }

  func run(console: Console) async throws(CommandError) {
    var plan = DMGRelease.Plan(
      identity: signing?.identity, notary: notary?.credentials,
      timeout: notary?.timeout ?? 3600, ticketTimeout: notary?.ticketTimeout ?? 60,
      staple: !skipped.contains(.staple), verify: !skipped.contains(.verify),
      trustRoots: trustRoots)
    plan.app = app
    plan.preflight = !noPreflight
    plan.stapleApp = stapleApp
    plan.wait = !noWait
    plan.feeds = feeds.writesAnything ? feeds : nil
    try OutputLocation.prepare(build.output, for: "the image", replacing: replacesOutput)
    let steps = ReleaseSteps(console: console, engine: engine, quiet: quiet)
    let release = steps.image(build.output)
    let outcome = try await steps.run { try await release.ship(building: build, plan: plan) }
    let report = ShipReport(outcome, plan: plan)
    let feedLines = outcome.feeds.map { self.feedLines($0, console: console) } ?? []
    try console.printReport(report, json: json) {
      var lines = ["shipped \(report.image):"]
      lines += report.stepLines
      lines += (report.appSubmissionIDs ?? []).map { "  app submission: \($0)" }
      lines += report.submissionID.map { ["  submission: \($0)"] } ?? []
      lines += report.gatekeeper.map { ["  gatekeeper: \($0)"] } ?? []
      // Last, for scripts: the final bytes' digest and size.
      lines += ["  sha256: \(report.sha256)", "  bytes: \(report.bytes)"]
      return (lines + feedLines.map { "  feed: \($0)" }).joined(separator: "\n")
    }
  }

  /// What the written feeds say, a line each (on standard error already under `--json`), after
  /// their warnings.
  func feedLines(_ summary: UpdateFeedSummary, console: Console) -> [String] {
    for warning in summary.warnings { console.printError("warning: \(warning)") }
    let lines = AppcastAddCommand.text(summary, options: feeds).split(separator: "\n").map(
      String.init)
    if json { for line in lines { console.printError(line) } }
    return lines
  }
}
