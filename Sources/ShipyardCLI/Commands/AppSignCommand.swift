import Distribution
import Foundation

/// `shipyard app sign`: signs a Mac app inside-out, or one Mach-O file.
struct AppSignCommand: ShipyardCommand {
  static let path = "app sign"
  static let summary = "Sign a Mac app inside-out (natively anywhere, codesign on macOS)."
  static let help = """
    OVERVIEW: \(summary)

    \(table.usage)

    Signs every Mach-O file (each slice of a universal binary) that is no bundle's main executable,
    deepest first; then each nested bundle (framework versions, helper apps, XPC services, login
    items, plug-ins), deepest first, writing its _CodeSignature/CodeResources and binding it and
    its Info.plist into its main executable's signature; then the app. Every executable and library
    gets the hardened runtime and a secure timestamp unless told otherwise; identifiers come from
    each bundle's CFBundleIdentifier, helper tools' from their former signature (unless a linker
    made it) or their file names, the team ID from the certificate. A signed app is re-signed
    whole, each file keeping the entitlements of its former signature unless --entitlements gives
    it others or --no-preserve-entitlements; the output says what was kept. The app is signed as
    a copy beside it and swapped in only when complete: on any error it is left as it was. On
    macOS the Apple engine runs `codesign --force --options runtime --timestamp` on each item in
    the same order (never --deep). With SOURCE_DATE_EPOCH set and --no-timestamp, two signings
    give the same bytes.

    \(table.help)
    """

  /// The signing options and the app's, an identity (or `--ad-hoc`) needed.
  static let table = OptionTable<Arguments>(
    command: path,
    [
      (
        "OPTIONS",
        signingOptions + AppSigningArguments.options.map { $0.lifted(\.app) } + ownOptions
      )
    ]
  ).taking("<App.app | binary>").requiring(oneOf: SigningArguments.identityFlags + ["--ad-hoc"])

  /// The signing options, `--identifier` described for a single binary (bundles take their
  /// CFBundleIdentifier).
  private static let signingOptions: [OptionSpec<Arguments>] = SigningArguments.options.map {
    option in
    let help = OptionHelp(
      "A single binary's signing identifier.",
      default: "its former signature's, else its file name, trimmed")
    return (option.names == ["--identifier"] ? option.with(help: help) : option).lifted(\.signing)
  }

  /// `--ad-hoc` and `--json`.
  private static let ownOptions: [OptionSpec<Arguments>] = [
    AdHocSigning.flag(signing: "the app") { $0.adHoc = true },
    .flag("--json", help: "Prints what was signed as JSON.") { $0.json = true },
  ]

  /// What the command's flags read.
  struct Arguments {
    var signing = SigningArguments()
    var app = AppSigningArguments()
    var adHoc = false
    var json = false
  }

  let target: String
  /// Who signs; `nil` signs ad hoc.
  let identity: SigningIdentity?
  let options: AppSigningOptions
  let engine: any ReleaseEngine
  let json: Bool

  init(arguments: [String], environment: [String: String]) throws(CommandError) {
    var parsed = Arguments()
    target = try Self.table.parse(arguments, into: &parsed).app(command: Self.path)
    let signing = try AdHocSigning.validated(
      parsed.signing, adHoc: parsed.adHoc, environment: environment, command: Self.path)
    identity = signing?.identity
    options = try parsed.app.validated(
      identifier: parsed.signing.identifier, environment: environment, command: Self.path)
    engine = try AdHocSigning.engine(
      signing, arguments: parsed.signing, environment: environment, command: Self.path)
    json = parsed.json
  }

  func run(console: Console) async throws(CommandError) {
    let steps = ReleaseSteps(console: console, engine: engine)
    let release = try steps.app(target, announcesSigning: false)
    let summary = try await steps.run {
      try await release.sign(identity: identity, options: options)
    }
    try console.printReport(summary, json: json) {
      summary.items.map(\.line).joined(separator: "\n")
    }
    ReleaseSteps.announce(summary, console: console)
  }
}
