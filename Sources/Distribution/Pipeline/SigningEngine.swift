package import Digests
package import Foundation
import ZipArchive

/// Who signs: a keychain identity for Apple's `codesign`, or a certificate file for rcodesign
/// and the native engine.
///
/// ``NativeEngine`` signs with ``p12(path:passwordFile:password:)`` or ``pem(path:)``; the
/// password is passed in as a ``Secret`` (the library reads no environment variable):
///
/// ```swift
/// let identity = SigningIdentity.p12(path: "developer-id.p12", password: Secret(password))
/// ```
public enum SigningIdentity: Sendable, Equatable {
  /// A keychain identity name, such as `Developer ID Application: Example (TEAMID)`, for Apple's
  /// `codesign` (the native engine refuses it).
  case keychain(name: String, keychain: String?)
  /// A PKCS#12 file and the file holding its password, or the password itself (read by the CLI
  /// from an environment variable); with neither, the password is empty.
  case p12(path: String, passwordFile: String? = nil, password: Secret? = nil)
  /// A PEM file holding the certificate and its private key.
  case pem(path: String)
}

/// How to reach Apple's notary service.
///
/// ``NativeEngine`` notarizes with ``apiKey(path:keyID:issuer:)`` only; the other two are for
/// Apple's `notarytool`.
public enum NotaryCredentials: Sendable, Equatable {
  /// A profile stored with `xcrun notarytool store-credentials`.
  case keychainProfile(String)
  /// An Apple ID, its team, and an app-specific password.
  case appleID(appleID: String, teamID: String, password: Secret)
  /// An App Store Connect API key: the `.p8` key file, its ID (by default from the file name
  /// `AuthKey_<id>.p8`) and the issuer's UUID (App Store Connect > Users and Access > Keys).
  case apiKey(path: String, keyID: String?, issuer: String?)
}

/// A notarization submission's status, as Apple names it.
public enum NotaryStatus: Equatable, Sendable {
  /// Apple is still checking the submission.
  case inProgress
  /// Accepted: the ticket can be stapled.
  case accepted
  /// Refused for the issues in the submission's log.
  case invalid
  /// Rejected.
  case rejected
  /// A status this library does not know, by Apple's name.
  case other(String)

  /// Apple's word for the status, such as `In Progress` or `Accepted`.
  public var name: String {
    switch self {
    case .inProgress: "In Progress"
    case .accepted: "Accepted"
    case .invalid: "Invalid"
    case .rejected: "Rejected"
    case .other(let name): name
    }
  }

  package init(name: String) {
    switch name.lowercased() {
    case "in progress": self = .inProgress
    case "accepted": self = .accepted
    case "invalid": self = .invalid
    case "rejected": self = .rejected
    default: self = .other(name)
    }
  }
}

/// An image handed to the notary service.
package struct NotarySubmission: Sendable {
  /// The image's path.
  package let image: String
  /// The image's SHA-256 and size, from the ``Notarizer``'s one pass over it (its state file's
  /// identity): an engine that needs them (the native one, for the Notary API and S3) takes them
  /// from here and does not read the image again to hash it.
  package let digest: FileDigest
}

/// The tools that sign, notarize, staple and assess a disk image.
package protocol SigningEngine: Sendable {
  /// `apple`, `rcodesign` or `native`.
  var name: String { get }
  /// Signs the image with `identity` and checks the signature.
  func sign(_ image: String, identity: SigningIdentity) async throws
  /// Signs an app inside-out (or one Mach-O file) with `identity`, `nil` meaning ad hoc.
  func signApp(_ path: String, identity: SigningIdentity?, options: AppSigningOptions) async throws
    -> AppSigningSummary
  /// Checks that the engine can use `credentials`, before any work starts.
  func validate(_ credentials: NotaryCredentials) throws
  /// Checks that the engine can sign with `identity` now (its files load, with their password,
  /// and the certificate is valid), before any work starts.
  func validate(_ identity: SigningIdentity) throws
  /// Creates the submission and uploads the file; returns the submission ID.
  ///
  /// An engine that can finish an interrupted upload hands `record` what a later run needs
  /// (``NotaryUpload``) before the upload starts, and again as it gains more (a multipart
  /// upload's ID); an error `record` throws stops the upload. The others never call it.
  func submit(
    _ submission: NotarySubmission, credentials: NotaryCredentials,
    record: (NotaryUpload) throws -> Void
  ) async throws -> String
  /// Finishes an upload that a previous run began and recorded: only what S3 does not hold yet
  /// is sent, under the same submission.
  func resumeUpload(
    _ upload: NotaryUpload, of submission: NotarySubmission, record: (NotaryUpload) throws -> Void
  ) async throws
  /// The submission's status now.
  func status(of submissionID: String, credentials: NotaryCredentials) async throws -> NotaryStatus
  /// The submission's name, creation date and status.
  func info(of submissionID: String, credentials: NotaryCredentials) async throws
    -> NotarySubmissionInfo
  /// Whether ``history(credentials:)`` can list the team's submissions.
  var listsSubmissions: Bool { get }
  /// The team's recent submissions, newest first.
  func history(credentials: NotaryCredentials) async throws -> [NotarySubmissionInfo]
  /// The submission's developer log, the JSON document as Apple serves it.
  func log(of submissionID: String, credentials: NotaryCredentials) async throws -> Data
  /// The issues of a finished submission's log.
  func issues(of submissionID: String, credentials: NotaryCredentials) async throws -> [String]
  /// Zips a signed app for submission as `ditto -c -k --keepParent <app> <zip>` does.
  func archiveApp(_ app: String, to zip: String) async throws
  /// Staples the ticket to the image, or to the app (and validates it where the tools can).
  func staple(_ image: String) async throws
  /// Gatekeeper's verdict, where it can be asked (macOS); `nil` elsewhere.
  func assess(_ image: String) async throws -> String?
}

extension SigningEngine {
  /// Zips the app with Shipyard's own writer (every entry under `<Name>.app/`, links kept as
  /// links, modes kept, no AppleDouble files, the same bytes for the same tree): what the native
  /// engine submits (rcodesign refuses: it takes a bundle, not a zip).
  package func archiveApp(_ app: String, to zip: String) async throws {
    try ZipArchiver.archive(app, to: zip)
  }

  /// Runs a tool; a non-zero exit is a ``PipelineError/toolFailed(command:status:output:)`` with
  /// every secret in `secrets` redacted from the command and the output.
  func check(
    _ runner: ToolRunner, _ executable: String, _ arguments: [String], secrets: [Secret] = []
  ) async throws -> ToolOutput {
    let output = try await runner.run(executable, arguments)
    guard output.status == 0 else {
      let redact = { (text: String) in secrets.reduce(text) { $1.redact($0) } }
      let command = redact(([executable] + arguments).joined(separator: " "))
      let message = redact(
        (output.standardError + output.standardOutput).trimmingCharacters(
          in: .whitespacesAndNewlines))
      throw PipelineError.toolFailed(command: command, status: output.status, output: message)
    }
    return output
  }
}
