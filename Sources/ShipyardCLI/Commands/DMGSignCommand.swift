import Distribution
import Foundation

/// `shipyard dmg sign`: signs a disk image with a Developer ID certificate.
struct DMGSignCommand: ShipyardCommand {
  static let path = "dmg sign"
  static let summary = "Sign a disk image (codesign on macOS, natively anywhere)."
  static let help = """
    OVERVIEW: \(summary)

    \(table.usage)

    Apple's tools run `codesign --sign <identity> --timestamp <image>` (`--sign -` with --ad-hoc)
    then `codesign --verify --strict`; rcodesign runs `rcodesign sign` with the certificate file
    (none with --ad-hoc). Secrets: the PKCS#12 password is read from --p12-password-file by
    rcodesign; nothing secret is on any command line. --p12-base64-env takes the PKCS#12 from an
    environment variable, as CI secrets hold it: the native engine decodes it in memory; codesign
    and rcodesign, which read files, refuse it rather than have it written to disk.

    \(table.help)
    """

  /// The signing options, one identity (or `--ad-hoc`) needed.
  static let table = OptionTable<Arguments>(
    command: path,
    [
      (
        "OPTIONS",
        SigningArguments.options.map { $0.lifted(\.signing) } + [
          AdHocSigning.flag(signing: "the image") { $0.adHoc = true }
        ]
      )
    ]
  ).taking("<image.dmg>").requiring(oneOf: SigningArguments.identityFlags + ["--ad-hoc"])

  /// What the command's flags read.
  struct Arguments {
    var signing = SigningArguments()
    var adHoc = false
  }

  let image: String
  /// Who signs; `nil` signs ad hoc.
  let identity: SigningIdentity?
  let engine: any ReleaseEngine

  init(arguments: [String], environment: [String: String]) throws(CommandError) {
    var parsed = Arguments()
    image = try Self.table.parse(arguments, into: &parsed).image(command: Self.path)
    let signing = try AdHocSigning.validated(
      parsed.signing, adHoc: parsed.adHoc, environment: environment, command: Self.path)
    identity = signing?.identity
    engine = try AdHocSigning.engine(
      signing, arguments: parsed.signing, environment: environment, command: Self.path)
  }

  func run(console: Console) async throws(CommandError) {
    let steps = ReleaseSteps(console: console, engine: engine)
    let release = steps.image(image)
    try await steps.run { try await release.sign(identity: identity) }
  }
}

/// `shipyard dmg staple`: attaches the notarization ticket.
struct DMGStapleCommand: ShipyardCommand {
  static let path = "dmg staple"
  static let summary = "Staple the notarization ticket to a notarized disk image."
  static let help = """
    OVERVIEW: \(summary)

    \(table.usage)

    Runs `xcrun stapler staple` then `xcrun stapler validate` (or `rcodesign staple`), or natively
    looks the ticket up by the code directory hash and adds it to the signature, retrying every 10 s
    while Apple has not published the ticket yet ("Record not found", Error 65).

    \(table.help)
    """

  /// `--engine` and `--ticket-timeout`.
  static let table = OptionTable<Arguments>(
    command: path,
    [
      (
        "OPTIONS",
        [
          EngineName.option.lifted(\.engine).with(help: "The tools to use."),
          NotaryArguments.ticketTimeoutOption.lifted(\.ticketTimeout).with(
            help: OptionHelp(
              "How long to wait for the ticket.", default: .duration(Arguments().ticketTimeout))),
        ]
      )
    ]
  ).taking("<image.dmg>")

  /// What the flags read.
  struct Arguments {
    /// `--engine`.
    var engine: EngineName?
    /// `--ticket-timeout`, in seconds.
    var ticketTimeout: TimeInterval = 60

    /// The engine and the ticket timeout, for `command`'s errors.
    func validated(environment: [String: String], command: String) throws(CommandError) -> (
      any ReleaseEngine, TimeInterval
    ) {
      let engine = try (self.engine ?? .platformDefault).engine(
        signing: nil, environment: environment, command: command)
      return (engine, ticketTimeout)
    }
  }

  let image: String
  let engine: any ReleaseEngine
  let ticketTimeout: TimeInterval

  init(arguments: [String], environment: [String: String]) throws(CommandError) {
    var parsed = Arguments()
    image = try Self.table.parse(arguments, into: &parsed).image(command: Self.path)
    (engine, ticketTimeout) = try parsed.validated(environment: environment, command: Self.path)
  }

  func run(console: Console) async throws(CommandError) {
    try Self.checkNotarized(image)
    let steps = ReleaseSteps(console: console, engine: engine)
    let release = steps.image(image)
    try await steps.run { try await release.staple(ticketTimeout: ticketTimeout) }
  }

  /// Fails, saying what to run, when the state file beside `image` records a submission Apple
  /// has not accepted (as a `dmg notarize --no-wait` job leaves it): no ticket can be found yet.
  static func checkNotarized(_ image: String, notarize: String = "dmg notarize")
    throws(CommandError)
  {
    let statePath = Notarizer.statePath(for: image)
    guard let data = FileManager.default.contents(atPath: statePath),
      let state = try? JSONDecoder().decode(Notarizer.State.self, from: data),
      state.status != NotaryStatus.accepted.name
    else { return }
    throw .failure(
      "\(statePath) records submission \(state.submissionID) as \(state.status), not Accepted: "
        + "run `shipyard \(notarize) \(image)` with the notary options first (it resumes that "
        + "submission and waits), then staple")
  }
}

extension [String] {
  /// The one `<App.app | binary>` among these positional arguments.
  func app(command: String) throws(CommandError) -> String {
    guard count == 1, let app = first else {
      throw .usage("expected one <App.app | binary>", command: command)
    }
    return app
  }

  /// The one `<image.dmg>` among these positional arguments.
  func image(command: String) throws(CommandError) -> String {
    guard count == 1, let image = first else {
      throw .usage("expected one <image.dmg>", command: command)
    }
    return image
  }
}
