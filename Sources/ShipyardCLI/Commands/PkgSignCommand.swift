import Distribution
import Foundation

/// `shipyard pkg sign`: a flat installer package signed with a Developer ID Installer identity,
/// natively, by productsign or by rcodesign.
struct PkgSignCommand: ShipyardCommand {
  static let path = "pkg sign"
  static let summary = "Sign an installer package with a Developer ID Installer identity."
  static let help = """
    OVERVIEW: \(summary)

    \(table.usage)

    Writes both of a flat package's signatures over its table of contents' digest, as productsign
    does: the RSA signature (PKCS#1 v1.5 over the digest itself) and the CMS signature with an
    RFC 3161 timestamp, the certificate chain in the table of contents, space reserved for them
    before the members, which move unchanged. Re-signing replaces both and removes a stapled
    ticket (the digest changes: notarize again). The identity must be a Developer ID Installer
    one: a Developer ID Application identity is refused, since the notary rejects packages it
    signs. Natively on any OS; the package is written beside its target and renamed into place
    when complete, so a failure leaves it as it was.

    With --engine apple (the default on macOS) `productsign --sign <identity> [--keychain <path>]
    --timestamp` signs it with the keychain identity of --identity, into a hidden folder beside
    the output (productsign does not write over its input), then `pkgutil --check-signature`
    checks it before it is renamed into place. rcodesign signs it with `rcodesign sign` and the
    identity's file.

    \(table.help)

    EXAMPLES:
      shipyard pkg sign dist/Hello.pkg --p12 developer-id-installer.p12 \\
        --p12-password-env P12_PASSWORD
      shipyard pkg sign dist/Hello.pkg --engine apple \\
        --identity "Developer ID Installer: Example (TEAMID1234)"
    """

  static let table = OptionTable<Arguments>(
    command: path,
    [
      (
        "OPTIONS",
        [
          .option(
            "-o", "--output", value: "<file.pkg>", .string,
            help: OptionHelp("Where the signed package goes.", default: "the package, in place")
          ) { $0.output = $1 }
        ]
          + SigningArguments.options.filter { $0.names != ["--identifier"] }.map {
            $0.lifted(\.signing)
          }
      )
    ]
  ).taking("<package.pkg>").requiring(oneOf: SigningArguments.identityFlags)

  struct Arguments {
    var signing = SigningArguments()
    var output: String?
  }

  let package: String
  let output: String?
  let identity: SigningIdentity
  let engine: any ReleaseEngine

  init(arguments: [String], environment: [String: String]) throws(CommandError) {
    var parsed = Arguments()
    package = try Self.table.parse(arguments, into: &parsed).package(command: Self.path)
    output = parsed.output
    let signing = try parsed.signing.validated(environment: environment, command: Self.path)
    identity = signing.identity
    engine = try AdHocSigning.engine(
      signing, arguments: parsed.signing, environment: environment, command: Self.path)
  }

  func run(console: Console) async throws(CommandError) {
    let steps = ReleaseSteps(console: console, engine: engine)
    let release = steps.package(package)
    try await steps.run { try await release.sign(identity: identity, output: output) }
  }
}

extension [String] {
  /// The one package named, or a usage error for `command`.
  func package(command: String) throws(CommandError) -> String {
    guard count == 1, let package = first else {
      throw .usage("expected one <package.pkg>", command: command)
    }
    return package
  }
}
