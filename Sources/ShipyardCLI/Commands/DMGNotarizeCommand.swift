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

    \(table.usage)

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

  /// The notary options, the credentials needed, then `--engine`, `--no-wait`,
  /// `--submission-id` and `--json`.
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
    ]
  ).taking("<image.dmg>").requiring(oneOf: NotaryArguments.credentialChoice)

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

    /// The request these flags make, checked: the notary options, the engine (checked to take
    /// them), the preflight's roots and `--submission-id`, for `command`'s errors.
    func validated(environment: [String: String], command: String) throws(CommandError)
      -> NotarizeRequest
    {
      let name = self.engine ?? .platformDefault
      let notary = try self.notary.validated(
        environment: environment, command: command, engine: name)
      let engine = try name.engine(
        signing: nil, environment: environment, command: command)
      try notary.check(for: engine, command: command)
      let preflight =
        noPreflight ? nil : try trust.validated(environment: environment, command: command)
      if let submissionID, submissionID.isEmpty || submissionID.contains("/") {
        throw .usage(
          "--submission-id takes an ID such as 2efe2717-52ef-43a5-96dc-0797e4ca1041",
          command: command)
      }
      return NotarizeRequest(
        notary: notary, engine: engine, preflight: preflight, noWait: noWait,
        submissionID: submissionID, json: json)
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
  /// What was asked, checked.
  let request: NotarizeRequest

  init(arguments: [String], environment: [String: String]) throws(CommandError) {
    var parsed = Arguments()
    image = try Self.table.parse(arguments, into: &parsed).image(command: Self.path)
    request = try parsed.validated(environment: environment, command: Self.path)
  }

  func run(console: Console) async throws(CommandError) {
    let request = request
    let steps = ReleaseSteps(console: console, engine: request.engine)
    let release = steps.image(image)
    let outcome = try await steps.run {
      if let roots = request.preflightRoots { try release.preflight(trustRoots: roots) }
      return try await release.notarize(
        credentials: request.notary.credentials, timeout: request.notary.timeout,
        submissionID: request.submissionID, wait: !request.noWait)
    }
    try request.printReport(of: outcome, for: image, on: console)
  }
}
