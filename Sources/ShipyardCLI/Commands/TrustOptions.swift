import Distribution

/// What the trust flags read, shared by `dmg verify`, `dmg ship` and `app verify`, before the
/// environment adds to them and the files are read (``validated(environment:command:)``).
struct TrustArguments {
  /// The environment variable naming more roots: PEM paths separated by `:`.
  static let environmentVariable = "SHIPYARD_TRUST_ROOTS"

  // MARK: - Properties

  /// `--trust-root`, in the order given.
  var pemFiles: [String] = []

  // MARK: - API

  /// `--trust-root <pem>`, repeatable.
  static let options: [OptionSpec<TrustArguments>] = [
    .option(
      "--trust-root", value: "<pem>", .string, path: true, repeatable: true,
      help: OptionHelp(
        """
        Also trusts the root certificates of a PEM file, for tests and private
        CAs (repeatable; also $\(environmentVariable), paths separated by ":").
        Otherwise only Apple Root CA, G2 and G3 anchor a signature's chain.
        """)
    ) { $0.pemFiles.append($1) }
  ]

  /// What to do when a report's `lines` say a chain ends at a root not trusted here: trust it
  /// (a private CA's, a test PKI's), or sign with a Developer ID certificate; empty otherwise.
  static func untrustedRootHint(_ lines: [String]) -> String {
    guard lines.contains(where: { $0.contains(TrustPolicy.untrustedRootWords) }) else {
      return ""
    }
    return "; a chain ends at a root that is not trusted here: if it is your own CA's, trust it "
      + "with --trust-root <root.pem> or \(environmentVariable)=<root.pem>; for Gatekeeper, "
      + "sign with a Developer ID certificate, which chains to Apple's roots"
  }

  /// The roots: Apple's, then those of `$SHIPYARD_TRUST_ROOTS`, then `--trust-root`'s; a usage
  /// error for `command` naming a file that cannot be read or holds no root certificate.
  func validated(environment: [String: String], command: String) throws(CommandError)
    -> TrustRoots
  {
    let fromEnvironment =
      environment[Self.environmentVariable]?.split(separator: ":").map(String.init) ?? []
    do {
      return try TrustRoots(addingPEMFiles: fromEnvironment + pemFiles)
    } catch {
      throw .usage("\(error)", command: command)
    }
  }
}
