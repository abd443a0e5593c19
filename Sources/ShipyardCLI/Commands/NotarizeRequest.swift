import Distribution

/// What `dmg notarize` and `app notarize` were asked, once checked: how to reach the service,
/// with which tools, the preflight's roots, and whether and what to wait for.
struct NotarizeRequest {
  /// The credentials and the timeout.
  let notary: NotaryOptions
  /// The tools that submit and poll.
  let engine: any ReleaseEngine
  /// The roots the preflight trusts, or `nil` with `--no-preflight`.
  let preflight: TrustRoots?
  /// `--no-wait`: return once the upload is complete.
  let noWait: Bool
  /// `--submission-id`: the submission to resume.
  let submissionID: String?
  /// `--json`.
  let json: Bool

  /// Whether the file is checked before the upload: not when a given submission is resumed (it
  /// was checked when it was made) nor with `--no-preflight`.
  var preflightRoots: TrustRoots? { submissionID == nil ? preflight : nil }

  /// Prints the submission's ID (with `--json`: the file, the ID and the status).
  func printReport(of outcome: Notarization, for file: String, on console: Console)
    throws(CommandError)
  {
    let report = DMGNotarizeCommand.Report(
      image: file, submissionID: outcome.submissionID, status: outcome.status.name)
    try console.printReport(report, json: json) { report.submissionID }
  }
}
