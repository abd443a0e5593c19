import Distribution
import Foundation

/// `shipyard pkg ship`: build, sign, notarize, staple and verify an installer package, natively or
/// with Apple's tools.
struct PkgShipCommand: ShipyardCommand {
  static let path = "pkg ship"
  static let summary = "Build, sign, notarize, staple and verify an installer package, on any OS."
  static let help = """
    OVERVIEW: \(summary)

    \(table.usage)

    Runs 'pkg build' (the app signed first with the Developer ID Application identity, or
    --skip-sign-app), 'pkg sign' with the Developer ID Installer identity of --installer-p12,
    --installer-p12-base64-env or --installer-pem, then notarizes the package with Apple's Notary
    API (an App Store Connect API key), staples the ticket after the archive and verifies the
    result as 'pkg verify' does. Natively on any OS. A failed step leaves no package at the
    output; a notarization that times out can be resumed with the same command.

    With --engine apple (the default on macOS) Apple's tools run the steps: codesign signs the
    app with --identity, pkgbuild and productbuild build the package, productsign signs it with
    the keychain identity of --installer-identity and pkgutil --check-signature checks it,
    notarytool notarizes it (--keychain-profile, --apple-id or --key) and stapler staples it;
    the last check is Shipyard's own, offline.

    \(table.help)

    EXAMPLES:
      shipyard pkg ship build/Hello.app -o dist/Hello.pkg \\
        --p12 developer-id.p12 --p12-password-env P12_PASSWORD \\
        --installer-p12 developer-id-installer.p12 \\
        --installer-p12-password-env P12_PASSWORD \\
        --key AuthKey_TESTKEY123.p8 --issuer 57246542-96fe-1a63-e053-0824d011072a
    """

  static let table = OptionTable<Arguments>(
    command: path,
    [
      (
        "OPTIONS",
        ([PkgBuildCommand.engineOption(help: engineHelp)] + PkgBuildCommand.ownOptions).map {
          $0.lifted(\.build)
        }
      ),
      ("SIGNING THE APP", PkgBuildCommand.appSigningOptions.map { $0.lifted(\.build) }),
      ("SIGNING THE PACKAGE", installerOptions),
      (
        "NOTARIZING",
        NotaryArguments.options.map { $0.lifted(\.notary) }
          + TrustArguments.options.map { $0.lifted(\.trust) }
      ),
    ]
  ).taking("<App.app | folder>").requiring(oneOf: NotaryArguments.credentialChoice)

  /// `--engine`'s help.
  private static let engineHelp = """
    Who runs every step (default: apple on macOS, native elsewhere). apple runs
    codesign, pkgbuild, productbuild, productsign, pkgutil, notarytool and
    stapler; native is Shipyard itself (OpenSSL, Apple's Notary REST API), on
    any OS.
    """

  /// The Installer identity's flags.
  private static let installerOptions: [OptionSpec<Arguments>] = [
    .option(
      "--installer-identity", value: "<name>", .string,
      help: """
        apple: the keychain identity for productsign, such as "Developer ID
        Installer: Example (TEAMID)", in the keychain of --keychain if given.
        """
    ) { $0.installer.identity = $1 },
    .option(
      "--installer-p12", value: "<file>", .string, path: true,
      help: "A PKCS#12 file with the Developer ID Installer certificate and its key."
    ) { $0.installer.p12 = $1 },
    .option(
      "--installer-p12-base64-env", value: "<VAR>", .string,
      help: "The environment variable holding that PKCS#12 file in base64."
    ) { $0.installer.p12Base64Variable = $1 },
    .option(
      "--installer-p12-password-env", value: "<VAR>", .string,
      help: "The environment variable holding its password."
    ) { $0.installer.p12PasswordVariable = $1 },
    .option(
      "--installer-pem", value: "<file>", .string, path: true,
      help: "A PEM file with the Installer certificate chain and its key."
    ) { $0.installer.pem = $1 },
  ]

  struct Arguments {
    var build = PkgBuildCommand.Arguments()
    var installer = SigningArguments()
    var notary = NotaryArguments()
    var trust = TrustArguments()
  }

  let plan: PackageBuildPlan
  let installer: SigningIdentity
  let engine: any ReleaseEngine
  let notary: NotaryOptions
  let trustRoots: TrustRoots
  let json: Bool

  init(arguments: [String], environment: [String: String]) throws(CommandError) {
    var parsed = Arguments()
    let positionals = try Self.table.parse(arguments, into: &parsed)
    plan = try parsed.build.validated(
      source: try positionals.source(command: Self.path), environment: environment,
      command: Self.path)
    let name = parsed.build.signing.engine ?? .platformDefault
    var installer = parsed.installer
    (installer.engine, installer.keychain) = (name, parsed.build.signing.keychain)
    try Self.checkInstallerIdentity(installer, engine: name)
    let signing = try installer.validated(environment: environment, command: Self.path)
    self.installer = signing.identity
    engine = try name.engine(signing: signing, environment: environment, command: Self.path)
    notary = try parsed.notary.validated(
      environment: environment, command: Self.path, engine: name)
    try notary.check(for: engine, command: Self.path)
    trustRoots = try parsed.trust.validated(environment: environment, command: Self.path)
    json = parsed.build.json
  }

  /// Fails unless the Installer identity is one `engine` signs with: a keychain identity for
  /// productsign, a file (or a variable) for the others.
  private static func checkInstallerIdentity(_ installer: SigningArguments, engine: EngineName)
    throws(CommandError)
  {
    let files = installer.p12 != nil || installer.p12Base64Variable != nil || installer.pem != nil
    let problem: String? =
      switch (engine, installer.identity != nil, files) {
      case (.apple, true, false), (.native, false, true), (.rcodesign, false, true): nil
      case (.apple, false, false):
        "the package is signed with a Developer ID Installer identity: give "
          + "--installer-identity <name> (a keychain identity, as productsign takes it)"
      case (.apple, _, true):
        "productsign signs with a keychain identity (--installer-identity), not a certificate "
          + "file; --installer-p12 and --installer-pem sign with --engine native"
      case (_, true, _):
        "--installer-identity names a keychain identity, which only productsign reads "
          + "(--engine apple, on macOS)"
      case (_, false, _):
        "the package is signed with a Developer ID Installer identity: give --installer-p12, "
          + "--installer-p12-base64-env or --installer-pem"
      }
    if let problem { throw .usage(problem, command: path) }
  }

  func run(console: Console) async throws(CommandError) {
    let summary = try await plan.run(console: console, command: Self.path)
    if !json { console.printError(PackageBuildPlan.line(summary)) }
    let steps = ReleaseSteps(console: console, engine: engine)
    let release = steps.package(plan.output)
    let verification: PackageVerification
    do {
      verification = try await steps.run { () async throws(ReleaseError) -> PackageVerification in
        try await release.sign(identity: installer)
        try await release.notarize(credentials: notary.credentials, timeout: notary.timeout)
        try await release.staple(ticketTimeout: notary.ticketTimeout)
        return try release.verify(trustRoots: trustRoots)
      }
    } catch {
      try? FileManager.default.removeItem(atPath: plan.output)
      throw error
    }
    try console.printReport(verification, json: json) { PkgVerifyCommand.text(verification) }
  }
}
