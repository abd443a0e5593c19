import Distribution

/// What the CLI says of an engine's error: what the library says, in the command line's terms
/// (the flags and commands that act on it).
enum EngineErrorWords {
  /// The message for `error`, which a step of the command `command` met.
  static func message(_ error: PipelineError, command: String) -> String {
    switch error {
    case .timestampUnavailable(let reason):
      "timestamp failed: \(reason); sign with --no-timestamp to leave the timestamp out"
    case .certificateFileUnsupported:
      "codesign signs with a keychain identity (--identity), not a certificate file"
    case .keychainIdentityUnsupported("rcodesign"):
      "rcodesign signs with a certificate file (--p12 or --pem), not a keychain identity"
    case .apiKeyRequired("rcodesign"):
      "rcodesign notarizes with an App Store Connect API key only (--key, made by `rcodesign "
        + "encode-app-store-connect-api-key`); it takes no Apple ID, app-specific password or "
        + "keychain profile"
    case .keychainIdentityUnsupported(let engine):
      "the \(engine) engine signs with a certificate file (--p12 or --pem), not a keychain "
        + "identity; use --engine apple on macOS for keychain identities"
    case .apiKeyRequired(let engine):
      "the \(engine) engine notarizes with an App Store Connect API key only (--key "
        + "AuthKey_<id>.p8 --key-id <id> --issuer <uuid>); an Apple ID or a keychain profile "
        + "needs --engine apple on macOS"
    case .apiKeyFileRequired(let engine):
      "\(engine == "apple" ? "notarytool" : engine) reads the API key from a file (--key), and "
        + "the key of --key-base64-env is never written to disk: notarize with --engine native, "
        + "which keeps it in memory"
    case .identityFileRequired(let engine):
      "\(engine) reads the identity from a file (--p12 or --pem), and the one of "
        + "--p12-base64-env is never written to disk: sign with --engine native, which keeps it "
        + "in memory"
    case .entitlementsScopeNotFound(let scope, let bundle):
      "--entitlements \(scope)=…: \(bundle) has no nested bundle or executable at \(scope)"
    case .sha256ChecksumsUnsupported(let engine):
      "--sha256: the \(engine) engine's pkgbuild writes SHA-1 checksums only; build with "
        + "--engine native for SHA-256 ones"
    case .apiKeyIncomplete:
      "the native engine needs --key AuthKey_<id>.p8 with --key-id <id> (or the key ID in the "
        + "file name) and --issuer <uuid> from App Store Connect > Users and Access > Keys"
    case .submissionOfOtherBytes(let id, let file, let sha256):
      "submission \(id) was accepted, but its log names other bytes than \(file) (SHA-256 "
        + "\(sha256)): its ticket would not staple; notarize without --submission-id to submit "
        + "the file"
    case .ticketNotPublished(let cdhash):
      "Apple has not published a notarization ticket for cdhash \(cdhash) (yet): if the file "
        + "was accepted just now, run `\(command)` again in a minute"
    case .notSigned(let file):
      "\(file) is not signed: sign it (`shipyard \(command.hasPrefix("app") ? "app" : "dmg") "
        + "sign`), then notarize it, before stapling"
    default: error.description
    }
  }

  /// The message for a signer's error that a flag fixes, or `nil` when the library's own words
  /// say it all.
  static func message(_ error: CodeSigningError) -> String? {
    guard case .passwordNeeded(let path) = error else { return nil }
    return "\(path) is protected by a password, and none was given: name the variable holding "
      + "it with --p12-password-env <VAR>, or its file with --p12-password-file <file>"
  }
}
