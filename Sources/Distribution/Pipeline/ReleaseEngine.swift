package import Foundation

/// An engine of the release steps: Shipyard's own (``NativeEngine``), Apple's tools
/// (`AppleEngine`) or rcodesign (`RCodesignEngine`).
///
/// An engine has a name and the capabilities it implements, each a protocol of its own: an engine
/// implements only what it can do, and a step asks for the capability it needs (`engine as? any
/// Stapling`), so a missing one is found before any work starts, by the step that needs it, and
/// no engine carries a method that only throws "cannot":
///
/// | capability | native | apple | rcodesign |
/// | --- | --- | --- | --- |
/// | ``ImageSigning``, ``AppSigning`` | yes | yes | yes |
/// | ``PackageSigning`` | yes | yes | yes |
/// | ``PackageBuilding`` | yes | yes | |
/// | ``Notarizing`` | yes | yes | yes |
/// | ``UploadResuming`` | yes | | |
/// | ``AppArchiving`` | yes | yes | |
/// | ``SubmissionLogReading`` | yes | yes | yes |
/// | ``SubmissionLookUp`` (info, history) | yes | yes | |
/// | ``Stapling`` | yes | yes | yes |
/// | ``GatekeeperAssessing`` | | yes | |
package protocol ReleaseEngine: Sendable {
  /// `native`, `apple` or `rcodesign`.
  var name: String { get }
}

/// Checks, before any work starts, that an identity can sign: its files load, with their
/// password, and the certificate is valid now.
package protocol IdentityChecking: ReleaseEngine {
  /// Checks that the engine can sign with `identity` now.
  func validate(_ identity: SigningIdentity) throws
}

/// Signs a disk image.
package protocol ImageSigning: IdentityChecking {
  /// Signs the image with `identity`, `nil` meaning ad hoc, and checks the signature.
  func sign(_ image: String, identity: SigningIdentity?) async throws
}

/// Signs a flat installer package with a Developer ID Installer identity.
package protocol PackageSigning: IdentityChecking {
  /// Signs the package at `input` into `output` (which may be `input`), replacing any earlier
  /// signature and stapled ticket.
  func signPackage(_ input: String, to output: String, identity: SigningIdentity) async throws
}

/// Builds a flat installer package of an app or of a folder's contents.
package protocol PackageBuilding: ReleaseEngine {
  /// Checks, before any work starts, that the engine can build what `options` ask for.
  func validate(_ options: PackageBuildOptions) throws
  /// Builds the package of `source` (an app or a folder) at `output`, leaving nothing there when
  /// it fails.
  func buildPackage(_ source: String, to output: String, options: PackageBuildOptions)
    async throws -> PackageBuilder.Summary
}

/// Signs a Mac app inside-out, or one Mach-O file.
package protocol AppSigning: IdentityChecking {
  /// Signs an app inside-out (or one Mach-O file) with `identity`, `nil` meaning ad hoc; an
  /// engine that signs item by item tells `progress` the items signed and their count.
  func signApp(
    _ path: String, identity: SigningIdentity?, options: AppSigningOptions,
    progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void
  ) async throws -> AppSigningSummary
}

/// Submits files to Apple's notary service and follows them.
package protocol Notarizing: ReleaseEngine {
  /// Checks that the engine can use `credentials`, before any work starts.
  func validate(_ credentials: NotaryCredentials) throws
  /// Creates the submission and uploads the file; returns the submission ID.
  ///
  /// An engine that can finish an interrupted upload (``UploadResuming``) hands `record` what a
  /// later run needs (``NotaryUpload``) before the upload starts, and again as it gains more (a
  /// multipart upload's ID); an error `record` throws stops the upload. The others never call
  /// it.
  func submit(
    _ submission: NotarySubmission, credentials: NotaryCredentials,
    record: (NotaryUpload) throws -> Void
  ) async throws -> String
  /// The submission's status now.
  func status(of submissionID: String, credentials: NotaryCredentials) async throws -> NotaryStatus
  /// The issues of a finished submission's log.
  func issues(of submissionID: String, credentials: NotaryCredentials) async throws -> [String]
}

/// Finishes an upload that an earlier run began and recorded.
package protocol UploadResuming: Notarizing {
  /// Finishes the recorded upload: only what S3 does not hold yet is sent, under the same
  /// submission.
  func resumeUpload(
    _ upload: NotaryUpload, of submission: NotarySubmission, record: (NotaryUpload) throws -> Void
  ) async throws
}

/// Zips a signed app for submission, as `ditto -c -k --keepParent <app> <zip>` does.
package protocol AppArchiving: ReleaseEngine {
  /// Zips `app` to `zip`.
  func archiveApp(_ app: String, to zip: String) async throws
}

/// Reads a submission's developer log.
package protocol SubmissionLogReading: ReleaseEngine {
  /// The submission's developer log, the JSON document as Apple serves it.
  func log(of submissionID: String, credentials: NotaryCredentials) async throws -> Data
}

/// Looks submissions up: one's details, and the team's history.
package protocol SubmissionLookUp: SubmissionLogReading {
  /// The submission's name, creation date and status.
  func info(of submissionID: String, credentials: NotaryCredentials) async throws
    -> NotarySubmissionInfo
  /// The team's recent submissions, newest first.
  func history(credentials: NotaryCredentials) async throws -> [NotarySubmissionInfo]
}

/// Staples a notarization ticket to a disk image or an app.
package protocol Stapling: ReleaseEngine {
  /// Staples the ticket to the image, or to the app (and validates it where the tools can).
  func staple(_ path: String) async throws
}

/// Asks Gatekeeper's verdict (on macOS only).
package protocol GatekeeperAssessing: ReleaseEngine {
  /// Gatekeeper's verdict on the image.
  func assess(_ image: String) async throws -> String
}

extension ReleaseEngine {
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
