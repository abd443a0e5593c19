import Distribution
import Foundation

/// `shipyard app notarize`: submits a signed app to Apple as a zip and waits, boundedly.
struct AppNotarizeCommand: ShipyardCommand {
  static let path = "app notarize"
  static let summary = "Notarize a signed Mac app (as a zip), waiting boundedly (rerun to resume)."
  static let help = """
    OVERVIEW: \(summary)

    \(table.usage)

    Checks the app offline first, as `app verify` does (an unsigned app, or one the notary would
    refuse, is stopped before the upload; --no-preflight uploads it all the same). Then zips it to
    a temporary <Name>.zip whose entries are under <Name>.app/ (natively; `ditto -c -k
    --keepParent` with Apple's tools), submits the zip, records the submission in
    <App.app>.notarization.json and polls with growing pauses until Apple accepts it or the
    timeout passes. An unchanged app zips to the same bytes, so running the command again resumes
    the recorded submission (or, on a fresh runner, the newest of the same name in the history
    whose log names these bytes). --no-wait stops after the upload, printing the submission ID,
    and --submission-id resumes a given one. Then run `app staple`.

    Exit codes: 0 accepted, 1 rejected or a tool failed, 64 usage error, 75 still in progress at the
    timeout (run again to keep waiting).

    \(table.help)
    """

  /// The options of `dmg notarize`.
  static let table = DMGNotarizeCommand.table.reused(by: path, taking: "<App.app>")

  let app: String
  /// What was asked, checked.
  let request: NotarizeRequest

  init(arguments: [String], environment: [String: String]) throws(CommandError) {
    var parsed = DMGNotarizeCommand.Arguments()
    app = try Self.table.parse(arguments, into: &parsed).app(command: Self.path)
    request = try parsed.validated(environment: environment, command: Self.path)
  }

  func run(console: Console) async throws(CommandError) {
    let (app, request) = (app, request)
    let steps = ReleaseSteps(console: console, engine: request.engine)
    let release = try steps.app(app)
    let outcome = try await steps.run {
      if let roots = request.preflightRoots { try release.preflight(trustRoots: roots) }
      return try await release.notarize(
        credentials: request.notary.credentials, timeout: request.notary.timeout,
        submissionID: request.submissionID, wait: !request.noWait)
    }
    try request.printReport(of: outcome, for: app, on: console)
  }
}
