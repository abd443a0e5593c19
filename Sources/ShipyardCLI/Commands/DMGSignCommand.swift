import Foundation

/// `shipyard dmg sign`: signs a disk image with a Developer ID certificate.
struct DMGSignCommand: ShipyardCommand {
  static let path = "dmg sign"
  static let summary = "Sign a disk image (codesign on macOS, natively anywhere)."
  static let help = """
    OVERVIEW: \(summary)

    USAGE: shipyard dmg sign <image.dmg> (--identity <name> | --p12 <file> | --pem <file>) [--engine <engine>]

    Apple's tools run `codesign --sign <identity> --timestamp <image>` then `codesign --verify
    --strict`; rcodesign runs `rcodesign sign` with the certificate file. Secrets: the PKCS#12
    password is read from --p12-password-file by rcodesign; nothing secret is on any command line.

    OPTIONS:
    \(SigningOptions.help)
      -h, --help              Shows this help.
    """

  let image: String
  let signing: SigningOptions

  init(arguments: [String]) throws(CommandError) {
    let scanner = ArgumentScanner(command: Self.path, options: SigningOptions.declarations)
    let scanned = try scanner.scan(arguments)
    guard scanned.positionals.count == 1 else { throw scanner.usage("expected one <image.dmg>") }
    image = scanned.positionals[0]
    signing = try SigningOptions(scanned, scanner: scanner)
  }

  func run(console: Console) async throws(CommandError) {
    try await ReleaseSteps(console: console, engineName: signing.engine, signing: signing).sign(
      image, identity: try signing.identity(environment: console.environment))
  }
}

/// `shipyard dmg notarize`: submits a signed image to Apple and waits, boundedly.
struct DMGNotarizeCommand: ShipyardCommand {
  static let path = "dmg notarize"
  static let summary =
    "Notarize a signed disk image, waiting with a bounded timeout (rerun to resume)."
  static let help = """
    OVERVIEW: \(summary)

    USAGE: shipyard dmg notarize <image.dmg> <credentials> [--timeout <duration>] [--engine <engine>]

    Submits the image (`xcrun notarytool submit --output-format json`, or `rcodesign notary-submit`),
    records the submission ID in <image>.notarization.json, then polls its status with growing pauses
    until Apple accepts it or the timeout passes, printing the time waited. On Invalid or Rejected it
    shows the issues of Apple's log. Running the command again on the same image resumes the recorded
    submission instead of submitting again.

    Exit codes: 0 accepted, 1 rejected or a tool failed, 64 usage error, 75 still in progress at the
    timeout (run again to keep waiting).

    OPTIONS:
    \(NotaryOptions.help)
      --engine <native|apple|rcodesign>
                              The tools to use (rcodesign takes API keys only).
      -h, --help              Shows this help.
    """

  let image: String
  let engine: String?
  let scanned: ArgumentScanner.Result
  let scanner: ArgumentScanner

  init(arguments: [String]) throws(CommandError) {
    scanner = ArgumentScanner(
      command: Self.path, options: NotaryOptions.declarations + [.value("--engine")])
    scanned = try scanner.scan(arguments)
    guard scanned.positionals.count == 1 else { throw scanner.usage("expected one <image.dmg>") }
    image = scanned.positionals[0]
    engine = scanned.last("--engine")
  }

  func run(console: Console) async throws(CommandError) {
    let notary = try NotaryOptions(scanned, scanner: scanner, environment: console.environment)
    _ = try await ReleaseSteps(console: console, engineName: engine).notarize(image, notary: notary)
  }
}

/// `shipyard dmg staple`: attaches the notarization ticket.
struct DMGStapleCommand: ShipyardCommand {
  static let path = "dmg staple"
  static let summary = "Staple the notarization ticket to a notarized disk image."
  static let help = """
    OVERVIEW: \(summary)

    USAGE: shipyard dmg staple <image.dmg> [--engine <native|apple|rcodesign>] [--ticket-timeout <duration>]

    Runs `xcrun stapler staple` then `xcrun stapler validate` (or `rcodesign staple`), or natively
    looks the ticket up by the code directory hash and adds it to the signature, retrying every 10 s
    while Apple has not published the ticket yet ("Record not found", Error 65).

    OPTIONS:
      --engine <native|apple|rcodesign>
                              The tools to use.
      --ticket-timeout <duration>
                              How long to wait for the ticket (default: 60s).
      -h, --help              Shows this help.
    """

  let image: String
  let engine: String?
  let ticketTimeout: TimeInterval

  init(arguments: [String]) throws(CommandError) {
    let scanner = ArgumentScanner(
      command: Self.path, options: [.value("--engine"), .value("--ticket-timeout")])
    let scanned = try scanner.scan(arguments)
    guard scanned.positionals.count == 1 else { throw scanner.usage("expected one <image.dmg>") }
    image = scanned.positionals[0]
    engine = scanned.last("--engine")
    let text = scanned.last("--ticket-timeout") ?? "60"
    guard let seconds = NotaryOptions.duration(text), seconds >= 0 else {
      throw scanner.usage(
        "--ticket-timeout takes seconds, or a number with s, m or h, not \(text.debugDescription)")
    }
    ticketTimeout = seconds
  }

  func run(console: Console) async throws(CommandError) {
    var steps = try ReleaseSteps(console: console, engineName: engine)
    steps.ticketTimeout = ticketTimeout
    try await steps.staple(image)
  }
}
