import Distribution
import Foundation

/// `shipyard dmg notarize`: submits a signed image to Apple and waits, boundedly, or only
/// submits (`--no-wait`) for a later run to wait.
struct DMGNotarizeCommand: ShipyardCommand {
  static let path = "dmg notarize"
  static let summary =
    "Notarize a signed disk image, waiting with a bounded timeout (rerun to resume)."
  static let help = """
    OVERVIEW: \(summary)

    USAGE: shipyard dmg notarize <image.dmg> <credentials> [--timeout <duration>] [--no-wait]
                                 [--submission-id <id>] [--engine <engine>] [--json]

    Submits the image (`xcrun notarytool submit --output-format json`, `rcodesign notary-submit`,
    or natively), records the submission ID in <image>.notarization.json, then polls its status
    with growing pauses until Apple accepts it or the timeout passes, printing the time waited. On
    Invalid or Rejected it shows the issues of Apple's log. Running the command again on the same
    image resumes the recorded submission instead of submitting again, also when the first run
    was interrupted during the upload (natively: only the parts S3 lacks are sent).

    On a fresh machine with no state file, the newest submission of the same name in the team's
    history (`notary history`) is resumed when its log names these bytes, or when it is still
    In Progress (its bytes are checked once it is done); else the image is submitted.

    --no-wait submits and exits 0 with the submission ID on standard output, for a later job to
    resume (`dmg notarize` of the same image, or --submission-id on a machine without it).

    Exit codes: 0 accepted (or submitted, with --no-wait), 1 rejected or a tool failed, 64 usage
    error, 75 still in progress at the timeout (run again to keep waiting).

    \(table.help)
    """

  /// The notary options, then `--engine`, `--no-wait`, `--submission-id` and `--json`.
  static let table = OptionTable<Arguments>(
    command: path,
    [
      (
        "OPTIONS",
        NotaryArguments.options.map { $0.lifted(\.notary) } + [
          EngineName.option.lifted(\.engine).with(
            help: "The tools to use (rcodesign takes API keys only)."),
          NotaryArguments.noWaitFlag.lifted(\.noWait),
          NotaryArguments.submissionIDOption.lifted(\.submissionID),
          NotaryArguments.noPreflightFlag.lifted(\.noPreflight),
        ] + TrustArguments.options.map { $0.lifted(\.trust) } + [
          .flag("--json", help: "Prints the submission's ID and status as JSON.") {
            $0.json = true
          }
        ]
      )
    ])

  /// What the flags read.
  struct Arguments {
    /// The notary options.
    var notary = NotaryArguments()
    /// `--engine`.
    var engine: EngineName?
    /// `--no-wait`.
    var noWait = false
    /// `--submission-id`.
    var submissionID: String?
    /// `--no-preflight`.
    var noPreflight = false
    /// The roots the preflight trusts.
    var trust = TrustArguments()
    /// `--json`.
    var json = false

    /// The notary options, the engine (checked to take them) and the preflight's roots (`nil`
    /// with `--no-preflight`), for `command`'s errors; `--submission-id` checked too.
    func validated(environment: [String: String], command: String) throws(CommandError) -> (
      NotaryOptions, any SigningEngine, TrustRoots?
    ) {
      let notary = try self.notary.validated(environment: environment, command: command)
      let engine = try (self.engine ?? .platformDefault).engine(
        signing: nil, environment: environment, command: command)
      try notary.check(for: engine, command: command)
      let preflight =
        noPreflight ? nil : try trust.validated(environment: environment, command: command)
      if let submissionID, submissionID.isEmpty || submissionID.contains("/") {
        throw .usage(
          "--submission-id takes an ID such as 2efe2717-52ef-43a5-96dc-0797e4ca1041",
          command: command)
      }
      return (notary, engine, preflight)
    }
  }

  /// What the command prints on standard output.
  struct Report: Encodable {
    /// The image's path.
    let image: String
    /// The submission's ID.
    let submissionID: String
    /// Its status: `Accepted`, or `In Progress` after `--no-wait`.
    let status: String
  }

  let image: String
  let notary: NotaryOptions
  let engine: any SigningEngine
  /// The roots the preflight trusts, unless it is left out.
  let preflight: TrustRoots?
  /// `--no-wait`.
  let noWait: Bool
  /// `--submission-id`.
  let submissionID: String?
  /// `--json`.
  let json: Bool

  init(arguments: [String], environment: [String: String]) throws(CommandError) {
    var parsed = Arguments()
    image = try Self.table.parse(arguments, into: &parsed).image(command: Self.path)
    (notary, engine, preflight) = try parsed.validated(environment: environment, command: Self.path)
    (noWait, submissionID, json) = (parsed.noWait, parsed.submissionID, parsed.json)
  }

  func run(console: Console) async throws(CommandError) {
    let outcome = try await ReleaseSteps(console: console, image: image, engine: engine).run {
      release in
      // A submission being resumed was checked when it was made.
      if let preflight, submissionID == nil { try release.preflight(trustRoots: preflight) }
      return try await release.notarization(
        credentials: notary.credentials, timeout: notary.timeout, submissionID: submissionID,
        wait: !noWait)
    }
    let report = Report(
      image: image, submissionID: outcome.submissionID, status: outcome.status.name)
    try console.printReport(report, json: json) { report.submissionID }
  }
}
