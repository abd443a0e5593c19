import Distribution
import Foundation

/// `shipyard dmg ship`: build, sign, notarize, staple and verify in one command.
struct DMGShipCommand: ShipyardCommand {
  static let path = "dmg ship"
  static let summary = "Build, sign, notarize, staple and verify a disk image in one command."
  static let help = """
    OVERVIEW: \(summary)

    USAGE: shipyard dmg ship <app-or-folder> [build options] [signing options] [notary options]
                             [--entitlements [<path>=]<file>]... [--no-runtime]
                             [--trust-root <pem> ...] [--skip-sign-app] [--skip-sign]
                             [--skip-notarize] [--skip-staple] [--skip-verify] [--no-wait]
                             [--json]

    Runs `app sign` on the app (or on each .app of the folder) with the same identity, then
    `dmg build`, `dmg sign`, `dmg notarize`, `dmg staple` and `dmg verify` in order, with the
    same options, and prints a summary (as JSON with --json) ending with the final image's SHA-256
    and size (stapling changes the bytes: feed these to updaters). Exit codes as for `dmg notarize`.
    With --no-wait it stops after the upload (notarize: submitted), for a later job to run
    `dmg notarize` (which resumes the submission) and `dmg staple`.
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
          + TrustArguments.options.map { $0.lifted(\.trust) } + DMGShipArguments.options
      )
    ])

  let build: DMGBuildOptions
  /// The signing options, unless signing is skipped.
  let signing: SigningOptions?
  /// The notary options, unless notarizing is skipped.
  let notary: NotaryOptions?
  /// The engine, unless signing is skipped.
  let engine: (any SigningEngine)?
  /// The roots the final verification trusts.
  let trustRoots: TrustRoots
  /// How the app is signed before the build, unless that is skipped.
  let app: AppSigningOptions?
  /// The steps left out.
  let skipped: Set<DMGShipArguments.Step>
  /// `--no-preflight`.
  let noPreflight: Bool
  /// `--no-wait`.
  let noWait: Bool
  /// Whether the summary is printed as JSON.
  let json: Bool

  init(arguments: [String], environment: [String: String]) throws(CommandError) {
    var parsed = DMGShipArguments()
    let positionals = try Self.table.parse(arguments, into: &parsed)
    guard positionals.count == 1 || (positionals.isEmpty && parsed.build.source != nil) else {
      throw .usage("expected one <app-or-folder>", command: Self.path)
    }
    build = try parsed.build.validated(
      source: positionals.first, environment: environment, command: Self.path)
    skipped = parsed.skipped
    noPreflight = parsed.noPreflight
    noWait = parsed.noWait
    json = parsed.json
    trustRoots = try parsed.trust.validated(environment: environment, command: Self.path)
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
      let notary = try parsed.notary.validated(environment: environment, command: Self.path)
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
    plan.wait = !noWait
    let summary = try await ReleaseSteps(console: console, image: build.output, engine: engine).run
    { release in
      try await release.ship(building: build, plan: plan)
    }
    let image = summary.image
    try console.printReport(summary, json: json) {
      var lines = ["shipped \(image):"]
      lines += summary.steps.sorted { $0.key < $1.key }.map { "  \($0.key): \($0.value)" }
      lines += summary.submissionID.map { ["  submission: \($0)"] } ?? []
      lines += summary.gatekeeper.map { ["  gatekeeper: \($0)"] } ?? []
      // Last, for scripts: the final bytes' digest and size.
      lines += ["  sha256: \(summary.sha256)", "  bytes: \(summary.bytes)"]
      return lines.joined(separator: "\n")
    }
  }
}
