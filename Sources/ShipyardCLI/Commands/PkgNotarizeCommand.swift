import Distribution
import Foundation

/// `shipyard pkg notarize`: a signed installer package submitted to Apple's notary service.
struct PkgNotarizeCommand: ShipyardCommand {
  static let path = "pkg notarize"
  static let summary =
    "Notarize a signed installer package, waiting with a bounded timeout (rerun to resume)."
  static let help = """
    OVERVIEW: \(summary)

    \(table.usage)

    Checks the package's signatures offline first (as 'pkg verify' does: an unsigned package or
    one signed by a Developer ID Application identity is refused before the upload), submits it
    through Apple's Notary API (or `xcrun notarytool submit`, `rcodesign notary-submit`), records
    the submission in <package>.notarization.json and polls until Apple accepts it or the timeout
    passes; on Invalid it shows the issues of Apple's log. Running it again resumes the recorded
    submission. Exit codes as 'dmg notarize': 0 accepted (or submitted, with --no-wait), 1
    rejected or failed, 64 usage error, 75 still in progress.

    \(table.help)
    """

  static let table = OptionTable<DMGNotarizeCommand.Arguments>(
    command: path,
    [
      (
        "OPTIONS",
        NotaryArguments.options.map { $0.lifted(\.notary) } + [
          EngineName.option.lifted(\.engine).with(
            help: "The tools to use (rcodesign takes API keys only)."),
          NotaryArguments.noWaitFlag.lifted(\.noWait),
          NotaryArguments.submissionIDOption.lifted(\.submissionID),
          NotaryArguments.noPreflightFlag.lifted(\.noPreflight).with(
            help: "Uploads without checking the package's signatures offline first."),
        ] + TrustArguments.options.map { $0.lifted(\.trust) } + [
          .flag("--json", help: "Prints the submission's ID and status as JSON.") {
            $0.json = true
          }
        ]
      )
    ]
  ).taking("<package.pkg>").requiring(oneOf: NotaryArguments.credentialChoice)

  let package: String
  let request: NotarizeRequest

  init(arguments: [String], environment: [String: String]) throws(CommandError) {
    var parsed = DMGNotarizeCommand.Arguments()
    package = try Self.table.parse(arguments, into: &parsed).package(command: Self.path)
    request = try parsed.validated(environment: environment, command: Self.path)
  }

  func run(console: Console) async throws(CommandError) {
    let request = request
    let steps = ReleaseSteps(console: console, engine: request.engine)
    let release = steps.package(package)
    let outcome = try await steps.run {
      if let roots = request.preflightRoots { try release.verify(trustRoots: roots) }
      return try await release.notarize(
        credentials: request.notary.credentials, timeout: request.notary.timeout,
        submissionID: request.submissionID, wait: !request.noWait)
    }
    try request.printReport(of: outcome, for: package, on: console)
  }
}

/// `shipyard pkg staple`: the notarization ticket stapled after a notarized package.
struct PkgStapleCommand: ShipyardCommand {
  static let path = "pkg staple"
  static let summary = "Staple the notarization ticket to a notarized installer package."
  static let help = """
    OVERVIEW: \(summary)

    \(table.usage)

    Looks the ticket up by the package's table of contents digest (record 2/1/<digest> for a
    SHA-1 table, 2/2/ for SHA-256) and appends it after the archive, as `stapler staple` does:
    nothing inside the archive changes, so its signatures hold; a ticket stapled before is
    replaced. With --engine apple it runs `xcrun stapler staple` then `xcrun stapler validate`
    (rcodesign: `rcodesign staple`). Retries every 10 s while Apple has not published the ticket
    yet.

    \(table.help)
    """

  static let table = OptionTable<DMGStapleCommand.Arguments>(
    command: path,
    [
      (
        "OPTIONS",
        [
          EngineName.option.lifted(\.engine).with(help: "The tools to use."),
          NotaryArguments.ticketTimeoutOption.lifted(\.ticketTimeout).with(
            help: OptionHelp(
              "How long to wait for the ticket.",
              default: .duration(DMGStapleCommand.Arguments().ticketTimeout))),
        ]
      )
    ]
  ).taking("<package.pkg>")

  let package: String
  let engine: any ReleaseEngine
  let ticketTimeout: TimeInterval

  init(arguments: [String], environment: [String: String]) throws(CommandError) {
    var parsed = DMGStapleCommand.Arguments()
    package = try Self.table.parse(arguments, into: &parsed).package(command: Self.path)
    (engine, ticketTimeout) = try parsed.validated(environment: environment, command: Self.path)
  }

  func run(console: Console) async throws(CommandError) {
    try DMGStapleCommand.checkNotarized(package, notarize: "pkg notarize")
    let steps = ReleaseSteps(console: console, engine: engine)
    let release = steps.package(package)
    try await steps.run { try await release.staple(ticketTimeout: ticketTimeout) }
  }
}
