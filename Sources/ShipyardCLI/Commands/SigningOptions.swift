import Distribution

/// What the signing flags read, shared by `dmg sign` and `ship`, before the environment and the
/// engine check them (``validated(environment:command:)``).
struct SigningArguments {
  // MARK: - Properties

  /// `--engine`.
  var engine: EngineName?
  /// `--identity`: a keychain identity.
  var identity: String?
  /// `--keychain`.
  var keychain: String?
  /// `--p12`.
  var p12: String?
  /// `--p12-base64-env`: the variable holding the `.p12` in base64.
  var p12Base64Variable: String?
  /// `--p12-password-file`.
  var p12PasswordFile: String?
  /// `--p12-password-env`: the variable holding the `.p12` password.
  var p12PasswordVariable: String?
  /// `--pem`.
  var pem: String?
  /// `--identifier`.
  var identifier: String?
  /// `--timestamp-url`.
  var timestampURL: String?
  /// `false` with `--no-timestamp`.
  var timestamps = true

  // MARK: - API

  /// The identities, of which signing needs one: a keychain's, a PKCS#12 file's, a PKCS#12 in an
  /// environment variable, or a PEM file's.
  static let identityFlags = ["--identity", "--p12", "--p12-base64-env", "--pem"]

  /// Whether one of ``identityFlags`` was given.
  var namesIdentity: Bool { [identity, p12, p12Base64Variable, pem].contains { $0 != nil } }

  /// The signing options, in the order of `dmg sign --help`.
  static let options: [OptionSpec<SigningArguments>] = [
    EngineName.option.lifted(\.engine),
    .option(
      "--identity", value: "<name>", .string, key: "sign.identity",
      appdmg: ConfigKey("code-sign.signing-identity", required: true),
      help: """
        The keychain identity for codesign, such as "Developer ID Application: Example (TEAMID)".
        """
    ) { $0.identity = $1 },
    .ignoredKey(appdmg: "code-sign.identifier"),
    .option(
      "--keychain", value: "<path>", .string, key: "sign.keychain", path: true,
      help: "The keychain holding the identity (codesign --keychain)."
    ) { $0.keychain = $1 },
    .option(
      "--p12", value: "<file>", .string, key: "sign.p12", path: true,
      help: """
        native, rcodesign: a PKCS#12 file with the certificate and its key
        (Keychain Access exports with legacy ciphers load too).
        """
    ) { $0.p12 = $1 },
    .option(
      "--p12-base64-env", value: "<VAR>", .string,
      help: """
        native: the environment variable holding the PKCS#12 file in base64
        (line breaks allowed), as CI secrets hold it; decoded in memory, never
        written to disk.
        """
    ) { $0.p12Base64Variable = $1 },
    .option(
      "--p12-password-env", value: "<VAR>", .string,
      help: "native: the environment variable holding the PKCS#12 password."
    ) { $0.p12PasswordVariable = $1 },
    .option(
      "--p12-password-file", value: "<file>", .string, key: "sign.p12PasswordFile", path: true,
      help: "native, rcodesign: the file holding the PKCS#12 password."
    ) { $0.p12PasswordFile = $1 },
    .option(
      "--pem", value: "<file>", .string, key: "sign.pem", path: true,
      help: "native, rcodesign: a PEM file with the certificate chain and its key."
    ) { $0.pem = $1 },
    .option(
      "--identifier", value: "<id>", .string,
      help: OptionHelp("native: the signing identifier.", default: "the image's name without .dmg")
    ) { $0.identifier = $1 },
    .option(
      "--timestamp-url", value: "<url>", .string,
      help: OptionHelp(
        """
        native: the RFC 3161 time-stamp authority (default: $SHIPYARD_TIMESTAMP_URL,
        else \(NativeEngine.Configuration.defaultTimestampURL)).
        """)
    ) { $0.timestampURL = $1 },
    .flag(
      "--no-timestamp",
      help: "native: signs without a secure timestamp (Apple's notary refuses that)."
    ) { $0.timestamps = false },
  ]

  /// The options, the `.p12` password read from `--p12-password-env`'s variable in
  /// `environment`, and the `.p12` itself from `--p12-base64-env`'s; a usage error for `command`
  /// when no identity is given, a variable is not set (or its `.p12` is not base64), or the
  /// engine cannot sign with the identity.
  func validated(environment: [String: String], command: String) throws(CommandError)
    -> SigningOptions
  {
    let identity: SigningIdentity
    if let name = self.identity {
      identity = .keychain(name: name, keychain: keychain)
    } else if p12 != nil || p12Base64Variable != nil {
      identity = try pkcs12Identity(environment: environment, command: command)
    } else if let pem {
      identity = .pem(path: pem)
    } else {
      throw .usage(Self.missingIdentity(for: engine ?? .platformDefault), command: command)
    }
    let options = SigningOptions(
      engine: engine ?? .platformDefault, identity: identity, identifier: identifier,
      timestampURL: timestampURL, timestamps: timestamps)
    try options.checkIdentity(command: command)
    return options
  }

  /// What to give when no identity is given, the ways `engine` can sign first: a keychain
  /// identity for Apple's codesign, files (or a variable) elsewhere.
  static func missingIdentity(for engine: EngineName) -> String {
    switch engine {
    case .apple:
      "signing needs --identity <name> (a keychain identity, as codesign takes it); with "
        + "--engine native, --p12 <file>, --p12-base64-env <VAR> or --pem <file>"
    case .native:
      "signing needs an identity: --p12 <file> (its password with --p12-password-env <VAR>), "
        + "--p12-base64-env <VAR> or --pem <file>; --identity names a keychain identity, which "
        + "only codesign reads (--engine apple, on macOS)"
    case .rcodesign:
      "signing needs --p12 <file> or --pem <file> (rcodesign reads identities from files)"
    }
  }

  /// The `.p12` file's identity, or the one `--p12-base64-env`'s variable holds, with its
  /// password.
  private func pkcs12Identity(environment: [String: String], command: String)
    throws(CommandError) -> SigningIdentity
  {
    if p12 != nil, p12Base64Variable != nil {
      throw .usage("give --p12 or --p12-base64-env, not both", command: command)
    }
    var password: Secret?
    if let variable = p12PasswordVariable {
      password = Secret(
        try EnvironmentSecret(flag: "--p12-password-env", variable: variable)
          .text(in: environment, allowsEmpty: true, command: command))
    }
    if let path = p12 {
      return .p12(path: path, passwordFile: p12PasswordFile, password: password)
    }
    let bytes = try EnvironmentSecret(flag: "--p12-base64-env", variable: p12Base64Variable ?? "")
      .bytes(in: environment, acceptsPEM: false, command: command)
    return .p12Bytes(bytes, passwordFile: p12PasswordFile, password: password)
  }
}

/// The signing options, checked: an identity the engine signs with.
struct SigningOptions: Sendable, Equatable {
  /// The engine asked for, or the platform's.
  let engine: EngineName
  /// Who signs, with the `.p12` password when it came from the environment.
  let identity: SigningIdentity
  /// `--identifier`.
  let identifier: String?
  /// `--timestamp-url`.
  let timestampURL: String?
  /// `false` with `--no-timestamp`.
  let timestamps: Bool

  /// Fails when the engine cannot sign with the identity, before any work starts.
  func checkIdentity(command: String) throws(CommandError) {
    let problem: String? =
      switch (engine, identity) {
      case (.apple, .p12), (.apple, .pem):
        "codesign signs with a keychain identity (--identity), not a certificate file"
      case (.apple, .p12Bytes):
        "codesign signs with a keychain identity (--identity); the identity of --p12-base64-env "
          + "signs with --engine native, which keeps it in memory"
      case (.rcodesign, .p12Bytes):
        EngineErrorWords.message(.identityFileRequired(engine: "rcodesign"), command: command)
      case (.native, .keychain):
        "the native engine signs with a certificate file (--p12 or --pem), not a keychain identity; "
          + "use --engine apple on macOS for keychain identities"
      case (.rcodesign, .keychain):
        "rcodesign signs with a certificate file (--p12 or --pem), not a keychain identity"
      default: nil
      }
    if let problem { throw .usage(problem, command: command) }
  }
}
