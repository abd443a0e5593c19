import Distribution
import Foundation

/// The options that choose the engine and the signing identity, shared by `dmg sign` and `ship`.
struct SigningOptions {
  static let declarations: [ArgumentScanner.Option] = [
    .value("--engine"), .value("--identity"), .value("--keychain"), .value("--p12"),
    .value("--p12-password-file"),
    .value("--pem"),
    .value("--p12-password-env"), .value("--identifier"), .value("--timestamp-url"),
    .flag("--no-timestamp"),
  ]

  static let help = """
      --engine <native|apple|rcodesign>
                              Who signs, notarizes and staples (default: apple on macOS, native elsewhere).
                              native is Shipyard itself (OpenSSL, Apple's Notary REST API), on any OS.
      --identity <name>       The keychain identity for codesign, such as "Developer ID Application: Example (TEAMID)".
      --keychain <path>       The keychain holding the identity (codesign --keychain).
      --p12 <file>            native, rcodesign: a PKCS#12 file with the certificate and its key
                              (Keychain Access exports with legacy ciphers load too).
      --p12-password-env <VAR>
                              native: the environment variable holding the PKCS#12 password.
      --p12-password-file <file>
                              native, rcodesign: the file holding the PKCS#12 password.
      --pem <file>            native, rcodesign: a PEM file with the certificate chain and its key.
      --identifier <id>       native: the signing identifier (default: the image's name without .dmg).
      --timestamp-url <url>   native: the RFC 3161 time-stamp authority (default: $SHIPYARD_TIMESTAMP_URL,
                              else http://timestamp.apple.com/ts01).
      --no-timestamp          native: signs without a secure timestamp (Apple's notary refuses that).
    """

  let engine: String?
  private let identity: SigningIdentity?
  /// The variable of `--p12-password-env`.
  let passwordVariable: String?
  let identifier: String?
  let timestampURL: String?
  let timestamps: Bool

  init(_ scanned: ArgumentScanner.Result, scanner: ArgumentScanner) throws(CommandError) {
    engine = scanned.last("--engine")
    if let engine, !["apple", "rcodesign", "native"].contains(engine) {
      throw scanner.usage(
        "--engine takes native, apple or rcodesign, not \(engine.debugDescription)")
    }
    identifier = scanned.last("--identifier")
    passwordVariable = scanned.last("--p12-password-env")
    timestampURL = scanned.last("--timestamp-url")
    timestamps = !scanned.has("--no-timestamp")
    if let name = scanned.last("--identity") {
      identity = .keychain(name: name, keychain: scanned.last("--keychain"))
    } else if let p12 = scanned.last("--p12") {
      identity = .p12(path: p12, passwordFile: scanned.last("--p12-password-file"))
    } else if let pem = scanned.last("--pem") {
      identity = .pem(path: pem)
    } else {
      identity = nil
    }
  }

  /// The identity, with the `.p12` password read from `--p12-password-env`'s variable.
  func identity(environment: [String: String]) throws(CommandError) -> SigningIdentity? {
    guard let variable = passwordVariable, case .p12(let path, let file, _) = identity else {
      return identity
    }
    guard let value = environment[variable] else {
      throw .usage(
        "--p12-password-env \(variable): the environment variable \(variable) is not set",
        command: "dmg sign")
    }
    return .p12(path: path, passwordFile: file, password: Secret(value))
  }

  /// The engine: the one asked for, else Apple's on macOS and the native one elsewhere.
  static func engine(
    named name: String?, runner: ToolRunner, native: () throws(CommandError) -> NativeEngine
  )
    throws(CommandError) -> any SigningEngine
  {
    switch name {
    case "apple": return AppleEngine(runner: runner)
    case "rcodesign": return RCodesignEngine(runner: runner)
    case "native": return try native()
    default:
      #if os(macOS)
      return AppleEngine(runner: runner)
      #else
      return try native()
      #endif
    }
  }
}

/// The options that reach Apple's notary service, shared by `dmg notarize` and `ship`.
struct NotaryOptions {
  static let declarations: [ArgumentScanner.Option] = [
    .value("--keychain-profile"), .value("--apple-id"), .value("--team-id"),
    .value("--password-env"), .value("--key"),
    .value("--key-id"), .value("--issuer"), .value("--timeout"), .value("--ticket-timeout"),
  ]

  static let help = """
      --keychain-profile <name>
                              A profile stored with `xcrun notarytool store-credentials` (Apple's tools).
      --apple-id <email> --team-id <id> --password-env <VAR>
                              An Apple ID with an app-specific password read from the environment
                              variable VAR (Apple's tools only; notarytool gets it on its command line).
      --key <file> [--key-id <id> --issuer <uuid>]
                              An App Store Connect API key: a .p8 file with its ID and issuer for Apple's
                              tools, or the JSON file of `rcodesign encode-app-store-connect-api-key`.
      --timeout <duration>    The longest wait for Apple, such as 1800, 90s, 30m or 2h (default: 1h).
      --ticket-timeout <duration>
                              How long stapling waits for Apple to publish the ticket (default: 60s).
    """

  let credentials: NotaryCredentials
  let timeout: TimeInterval
  let ticketTimeout: TimeInterval

  init(_ scanned: ArgumentScanner.Result, scanner: ArgumentScanner, environment: [String: String])
    throws(CommandError)
  {
    if let profile = scanned.last("--keychain-profile") {
      credentials = .keychainProfile(profile)
    } else if let appleID = scanned.last("--apple-id") {
      guard let team = scanned.last("--team-id"), let variable = scanned.last("--password-env")
      else {
        throw scanner.usage(
          "--apple-id needs --team-id and --password-env <VAR> (the variable holding the app-specific password)"
        )
      }
      guard let password = environment[variable], !password.isEmpty else {
        throw scanner.usage(
          "--password-env \(variable): the environment variable \(variable) is not set")
      }
      credentials = .appleID(appleID: appleID, teamID: team, password: Secret(password))
    } else if let key = scanned.last("--key") {
      credentials = .apiKey(
        path: key, keyID: scanned.last("--key-id"), issuer: scanned.last("--issuer"))
    } else {
      throw scanner.usage(
        "notarization needs credentials: --keychain-profile, --apple-id with --team-id and --password-env, or --key"
      )
    }
    if let text = scanned.last("--timeout") {
      guard let seconds = Self.duration(text), seconds > 0 else {
        throw scanner.usage(
          "--timeout takes seconds, or a number with s, m or h, not \(text.debugDescription)")
      }
      timeout = seconds
    } else {
      timeout = 3600
    }
    if let text = scanned.last("--ticket-timeout") {
      guard let seconds = Self.duration(text), seconds >= 0 else {
        throw scanner.usage(
          "--ticket-timeout takes seconds, or a number with s, m or h, not \(text.debugDescription)"
        )
      }
      ticketTimeout = seconds
    } else {
      ticketTimeout = 60
    }
  }

  /// `1800`, `90s`, `30m`, `2h`.
  static func duration(_ text: String) -> TimeInterval? {
    let units: [Character: TimeInterval] = ["s": 1, "m": 60, "h": 3600]
    if let last = text.last, let unit = units[last] {
      return TimeInterval(text.dropLast()).map { $0 * unit }
    }
    return TimeInterval(text)
  }
}
