import Distribution
import Foundation

/// What the notary flags read, shared by `dmg notarize` and `ship`, before the environment
/// checks them (``validated(environment:command:)``).
struct NotaryArguments {
  // MARK: - Properties

  /// `--keychain-profile`.
  var keychainProfile: String?
  /// `--apple-id`.
  var appleID: String?
  /// `--team-id`.
  var teamID: String?
  /// `--password-env`: the variable holding the app-specific password.
  var passwordVariable: String?
  /// `--key`.
  var key: String?
  /// `--key-base64-env`: the variable holding the `.p8` key, in base64 or as PEM text.
  var keyBase64Variable: String?
  /// `--key-id`.
  var keyID: String?
  /// `--issuer`.
  var issuer: String?
  /// `--timeout`, in seconds.
  var timeout: TimeInterval = 3600
  /// `--ticket-timeout`, in seconds.
  var ticketTimeout: TimeInterval = 60

  // MARK: - API

  /// `--no-preflight`, shared by `dmg notarize` and `dmg ship`.
  static let noPreflightFlag = OptionSpec<Bool>.flag(
    "--no-preflight",
    help: """
      Uploads even when the offline check of the image's apps finds what Apple's notary
      refuses (unsigned code, no Developer ID, no timestamp, no hardened runtime…).
      """
  ) { $0 = true }

  /// `--ticket-timeout`, which `dmg staple` takes too.
  static let ticketTimeoutOption = OptionSpec<TimeInterval>.option(
    "--ticket-timeout", value: "<duration>", .duration(allowsZero: true),
    help: OptionHelp(
      "How long stapling waits for Apple to publish the ticket.",
      default: .duration(NotaryArguments().ticketTimeout))
  ) { $0 = $1 }

  /// `--no-wait`, which `dmg notarize` and `dmg ship` take.
  static let noWaitFlag = OptionSpec<Bool>.flag(
    "--no-wait",
    help: """
      Submits, records the submission beside the file and exits 0 with its ID,
      without waiting for Apple: a later `dmg notarize` of the file resumes the wait.
      """
  ) { $0 = true }

  /// `--submission-id`, which `dmg notarize` takes.
  static let submissionIDOption = OptionSpec<String?>.option(
    "--submission-id", value: "<id>", .string,
    help: """
      Resumes this submission (as a --no-wait job printed it) instead of the one
      recorded beside the file or found in `notary history` by the file's name.
      """
  ) { $0 = $1 }

  /// The notary options, in the order of `dmg notarize --help`.
  static let options: [OptionSpec<NotaryArguments>] =
    credentialOptions + [
      .option(
        "--timeout", value: "<duration>", .duration(allowsZero: false), key: "notarize.timeout",
        help: OptionHelp(
          "The longest wait for Apple, such as 1800, 90s, 30m or 2h.",
          default: .duration(NotaryArguments().timeout))
      ) { $0.timeout = $1 },
      ticketTimeoutOption.lifted(\.ticketTimeout),
    ]

  /// The credentials as the choice the commands that reach Apple need: one flag of each entry of
  /// ``credentialOptions`` (`--keychain-profile`, `--apple-id`, `--key`, `--key-base64-env`),
  /// which the options shown with it follow.
  static var credentialChoice: [String] {
    credentialOptions.filter { $0.help.placement == .entry }.map(\.name)
  }

  /// The credential options alone, which the `notary` look-ups take.
  static let credentialOptions: [OptionSpec<NotaryArguments>] = [
    .option(
      "--keychain-profile", value: "<name>", .string, key: "notarize.keychainProfile",
      help: "A profile stored with `xcrun notarytool store-credentials` (Apple's tools)."
    ) { $0.keychainProfile = $1 },
    .option(
      "--apple-id", value: "<email>", .string, key: "notarize.appleID",
      help: """
        An Apple ID with an app-specific password read from the environment
        variable VAR (Apple's tools only; notarytool gets it on its command line).
        """
    ) { $0.appleID = $1 },
    .option("--team-id", value: "<id>", .string, key: "notarize.teamID", help: .withPrevious) {
      $0.teamID = $1
    },
    .option(
      "--password-env", value: "<VAR>", .string, key: "notarize.passwordEnv", help: .withPrevious
    ) { $0.passwordVariable = $1 },
    .option(
      "--key", value: "<file>", .string, key: "notarize.key", path: true,
      help: """
        An App Store Connect API key: a .p8 file with its ID and issuer for Apple's
        tools, or the JSON file of `rcodesign encode-app-store-connect-api-key`.
        """
    ) { $0.key = $1 },
    .option(
      "--key-id", value: "<id>", .string, key: "notarize.keyID", help: .optionalWithPrevious
    ) { $0.keyID = $1 },
    .option(
      "--issuer", value: "<uuid>", .string, key: "notarize.issuer", help: .optionalWithPrevious
    ) { $0.issuer = $1 },
    .option(
      "--key-base64-env", value: "<VAR>", .string,
      help: """
        native: the environment variable holding the .p8 API key, as PEM text or
        in base64, as CI secrets hold it, with --key-id and --issuer; kept in
        memory, never written to disk (notarytool and rcodesign read key files).
        """
    ) { $0.keyBase64Variable = $1 },
  ]

  /// The credentials, the app-specific password read from `--password-env`'s variable in
  /// `environment`; a usage error for `command` when they are missing (worded for `engine`) or
  /// incomplete.
  func validated(
    environment: [String: String], command: String, engine: EngineName = .platformDefault
  ) throws(CommandError) -> NotaryOptions {
    func usage(_ message: String) -> CommandError { .usage(message, command: command) }
    let credentials: NotaryCredentials
    if let keychainProfile {
      credentials = .keychainProfile(keychainProfile)
    } else if let appleID {
      guard let teamID, let passwordVariable else {
        throw usage(
          "--apple-id needs --team-id and --password-env <VAR> (the variable holding the app-specific password)"
        )
      }
      let password = try EnvironmentSecret(flag: "--password-env", variable: passwordVariable)
        .text(in: environment, command: command)
      credentials = .appleID(appleID: appleID, teamID: teamID, password: Secret(password))
    } else if let key {
      guard keyBase64Variable == nil else {
        throw usage("give --key or --key-base64-env, not both")
      }
      credentials = .apiKey(path: key, keyID: keyID, issuer: issuer)
    } else if let keyBase64Variable {
      let bytes = try EnvironmentSecret(flag: "--key-base64-env", variable: keyBase64Variable)
        .bytes(in: environment, acceptsPEM: true, command: command)
      guard let keyID, let issuer else {
        throw usage(
          "--key-base64-env needs --key-id <id> and --issuer <uuid> (App Store Connect > Users "
            + "and Access > Keys): a key in memory has no file name to take its ID from")
      }
      credentials = .apiKeyBytes(bytes, keyID: keyID, issuer: issuer)
    } else {
      throw usage(Self.missingCredentials(for: engine))
    }
    return NotaryOptions(credentials: credentials, timeout: timeout, ticketTimeout: ticketTimeout)
  }
}

extension NotaryArguments {
  /// What to give when no credentials are given, the ways `engine` can notarize first:
  /// notarytool's keychain profile or Apple ID on macOS, an App Store Connect API key elsewhere.
  static func missingCredentials(for engine: EngineName) -> String {
    switch engine {
    case .apple:
      "notarization needs credentials: --keychain-profile <name> (saved by xcrun notarytool "
        + "store-credentials), --apple-id with --team-id and --password-env, or an App Store "
        + "Connect API key (--key <file>)"
    case .native:
      "notarization needs an App Store Connect API key: --key <AuthKey_ID.p8>, or "
        + "--key-base64-env <VAR> with --key-id and --issuer; --keychain-profile and --apple-id "
        + "work only with notarytool (--engine apple, on macOS)"
    case .rcodesign:
      "notarization needs an App Store Connect API key: --key <AuthKey_ID.p8> (rcodesign reads "
        + "it from a file)"
    }
  }
}

/// The notary options, checked: credentials and how long to wait.
struct NotaryOptions: Sendable, Equatable {
  /// How to reach Apple's notary service.
  let credentials: NotaryCredentials
  /// The longest wait for a submission, in seconds.
  let timeout: TimeInterval
  /// The longest wait for the ticket, in seconds.
  let ticketTimeout: TimeInterval

  /// Fails when `engine` cannot notarize with the credentials, before any work starts.
  func check(for engine: any ReleaseEngine, command: String) throws(CommandError) {
    guard let notarizing = engine as? any Notarizing else {
      throw .usage("the \(engine.name) engine cannot notarize", command: command)
    }
    do {
      try notarizing.validate(credentials)
    } catch let error as PipelineError {
      throw .usage(EngineErrorWords.message(error, command: command), command: command)
    } catch {
      throw .usage("\(error)", command: command)
    }
  }
}
