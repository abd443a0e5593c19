import Distribution

/// `--ad-hoc`, as `app sign` and `dmg sign` read it: a signature without a certificate, for use
/// on one Mac (Gatekeeper and Apple's notary refuse it).
enum AdHocSigning {
  /// `--ad-hoc`, its help naming `what` is signed.
  static func flag<Options>(
    signing what: String, _ apply: @escaping @Sendable (inout Options) -> Void
  ) -> OptionSpec<Options> {
    .flag(
      "--ad-hoc",
      help: OptionHelp(
        "Signs \(what) ad hoc: no certificate, no timestamp (for one Mac, not downloads)."),
      apply: apply)
  }

  /// The checked signing options, or `nil` for `adHoc`; a usage error for `command` when an
  /// identity is given beside `--ad-hoc`, or none without it.
  static func validated(
    _ signing: SigningArguments, adHoc: Bool, environment: [String: String], command: String
  ) throws(CommandError) -> SigningOptions? {
    guard adHoc else {
      return try signing.validated(environment: environment, command: command)
    }
    guard !signing.namesIdentity else {
      throw .usage(
        "--ad-hoc signs without an identity: leave out --identity, --p12, --p12-base64-env "
          + "and --pem",
        command: command)
    }
    return nil
  }

  /// The engine that signs: the one `signing` names, else `--engine`'s, else the platform's;
  /// ad hoc, `--identifier` still names the code.
  static func engine(
    _ signing: SigningOptions?, arguments: SigningArguments, environment: [String: String],
    command: String
  ) throws(CommandError) -> any ReleaseEngine {
    try (signing?.engine ?? arguments.engine ?? .platformDefault).engine(
      signing: signing, identifier: arguments.identifier, environment: environment,
      command: command)
  }
}
