/// Why an engine's step failed, with what a caller needs to act on it: the submission, the file,
/// the tool and its output.
///
/// A release wraps it in its ``ReleaseError`` (``ReleaseError/cause``). Its descriptions name the
/// problem in the library's terms; a command-line tool says the same with its own flags.
public enum PipelineError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A tool is not on `PATH`.
  case toolMissing(String)
  /// No signing engine fits this machine and these options.
  case noEngine(String)
  /// The options cannot work together (such as a password with rcodesign).
  case invalidOptions(String)
  /// A tool exited with an error.
  case toolFailed(command: String, status: Int32, output: String)
  /// Notarization is still in progress after the timeout; rerunning resumes it.
  case notarizationTimedOut(submissionID: String, waited: Int)
  /// Apple refused the submission.
  case notarizationRejected(submissionID: String, status: String, issues: [String])
  /// A submission resumed by its ID was, by its log, of other bytes than the file.
  case submissionOfOtherBytes(submissionID: String, file: String, sha256: String)
  /// An upload a previous run began cannot be finished.
  case uploadNotResumed(submissionID: String, statePath: String, reason: String)
  /// A tool's output could not be understood.
  case unexpectedOutput(String)
  /// Apple has not published the notarization ticket of this code directory hash (yet).
  case ticketNotPublished(cdhash: String)
  /// The time-stamp authority could not stamp the signature.
  case timestampUnavailable(reason: String)
  /// The engine signs with a certificate file (a `.p12` or a PEM), not a keychain identity.
  case keychainIdentityUnsupported(engine: String)
  /// The engine signs with a keychain identity, not a certificate file.
  case certificateFileUnsupported(engine: String)
  /// The engine notarizes with an App Store Connect API key only, not an Apple ID or a keychain
  /// profile.
  case apiKeyRequired(engine: String)
  /// The App Store Connect API key lacks its key ID or its issuer.
  case apiKeyIncomplete
  /// The engine's tool reads the signing identity from a file, and one held in memory
  /// (``SigningIdentity/p12Bytes(_:passwordFile:password:)``) is never written to disk.
  case identityFileRequired(engine: String)
  /// The engine's tool reads the App Store Connect API key from a file, and one held in memory
  /// (``NotaryCredentials/apiKeyBytes(_:keyID:issuer:)``) is never written to disk.
  case apiKeyFileRequired(engine: String)
  /// The file carries no code signature, so there is nothing to staple a ticket to.
  case notSigned(file: String)
  /// Entitlements are given for `scope`, which names no nested bundle or executable in the
  /// bundle `bundle`.
  case entitlementsScopeNotFound(scope: String, bundle: String)
  /// The engine's tool writes a package's checksums in SHA-1 only (pkgbuild), and SHA-256 ones
  /// were asked for.
  case sha256ChecksumsUnsupported(engine: String)

  /// A sentence naming the problem.
  public var description: String {
    switch self {
    case .toolMissing(let tool): "\(tool) is not on PATH"
    case .noEngine(let reason): "no signing engine: \(reason)"
    case .invalidOptions(let reason): reason
    case .toolFailed(let command, let status, let output):
      "\(command) exited with \(status)\(output.isEmpty ? "" : ": \(output)")"
    case .notarizationTimedOut(let id, let waited):
      "notarization of submission \(id) is still in progress after \(waited) s; run the same command again to keep waiting"
    case .notarizationRejected(let id, let status, let issues):
      "notarization of submission \(id) ended \(status)"
        + (issues.isEmpty ? "" : ":\n  " + issues.joined(separator: "\n  "))
    case .submissionOfOtherBytes(let id, let file, let sha256):
      "submission \(id) was accepted, but its log names other bytes than \(file) (SHA-256 "
        + "\(sha256)): its ticket would not staple; notarize without the submission ID to submit "
        + "the file"
    case .uploadNotResumed(let id, let statePath, let reason):
      "cannot finish the upload of submission \(id) that an earlier run began: \(reason); "
        + "when its temporary credentials have expired, remove \(statePath) to submit afresh"
    case .unexpectedOutput(let detail): "unexpected tool output: \(detail)"
    case .ticketNotPublished(let cdhash):
      "Apple has not published a notarization ticket for cdhash \(cdhash) (yet): if the file "
        + "was accepted just now, staple it again in a minute"
    case .timestampUnavailable(let reason):
      "timestamp failed: \(reason); a signature without a timestamp leaves it out"
    case .keychainIdentityUnsupported(let engine):
      "the \(engine) engine signs with a certificate file (.p12 or PEM), not a keychain identity; "
        + "Apple's engine signs with keychain identities on macOS"
    case .certificateFileUnsupported(let engine):
      "the \(engine) engine signs with a keychain identity, not a certificate file"
    case .apiKeyRequired(let engine):
      "the \(engine) engine notarizes with an App Store Connect API key only (the .p8 file, its "
        + "key ID and the issuer); an Apple ID or a keychain profile needs Apple's engine on macOS"
    case .entitlementsScopeNotFound(let scope, let bundle):
      "entitlements for \(scope): \(bundle) has no nested bundle or executable at \(scope)"
    case .notSigned(let file):
      "\(file) is not signed: sign it, then notarize it, before stapling"
    case .identityFileRequired(let engine):
      "the \(engine) engine reads the signing identity from a file, and one held in memory is "
        + "never written to disk: the native engine signs with it in memory"
    case .apiKeyFileRequired(let engine):
      "the \(engine) engine reads the App Store Connect API key from a file, and one held in "
        + "memory is never written to disk: the native engine notarizes with it in memory"
    case .sha256ChecksumsUnsupported(let engine):
      "the \(engine) engine writes a package's checksums in SHA-1 only, as pkgbuild does: the "
        + "native engine writes SHA-256 ones"
    case .apiKeyIncomplete:
      "the App Store Connect API key needs its .p8 file, its key ID (or the key ID in the file "
        + "name AuthKey_<id>.p8) and the issuer from App Store Connect > Users and Access > Keys"
    }
  }
}
