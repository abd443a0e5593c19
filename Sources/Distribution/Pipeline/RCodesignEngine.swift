package import Foundation

/// rcodesign (apple-platform-rs), on any OS.
///
/// It signs with a certificate file, notarizes with an App Store Connect API key through Apple's
/// Notary API, and staples. It cannot build installer packages nor ask Gatekeeper.
package struct RCodesignEngine: ImageSigning, AppSigning, PackageSigning, Notarizing,
  SubmissionLogReading, Stapling
{
  package let name = "rcodesign"
  let runner: ToolRunner

  /// Makes the engine.
  package init(runner: ToolRunner) { self.runner = runner }

  package func sign(_ image: String, identity: SigningIdentity?) async throws {
    // Without a certificate, rcodesign signs ad hoc.
    let arguments = try identity.map(signingArguments) ?? []
    _ = try await check(runner, "rcodesign", ["sign"] + arguments + [image])
  }

  /// rcodesign's arguments for `identity`.
  func signingArguments(_ identity: SigningIdentity) throws -> [String] {
    switch identity {
    case .p12(let path, let passwordFile, _):
      ["--p12-file", path] + (passwordFile.map { ["--p12-password-file", $0] } ?? [])
    case .pem(let path): ["--pem-file", path]
    case .p12Bytes:
      throw PipelineError.identityFileRequired(engine: name)
    case .keychain:
      throw PipelineError.keychainIdentityUnsupported(engine: name)
    }
  }

  /// rcodesign notarizes with an API key only; an Apple ID with an app-specific password, or a
  /// keychain profile, is a clear error.
  func keyArguments(_ credentials: NotaryCredentials) throws -> [String] {
    switch credentials {
    case .apiKey(let path, _, _): return ["--api-key-path", path]
    case .apiKeyBytes:
      throw PipelineError.apiKeyFileRequired(engine: name)
    case .appleID, .keychainProfile:
      throw PipelineError.apiKeyRequired(engine: name)
    }
  }

  package func validate(_ credentials: NotaryCredentials) throws {
    _ = try keyArguments(credentials)
  }

  /// rcodesign reads the files itself: they must be there, and be certificate files.
  package func validate(_ identity: SigningIdentity) throws {
    _ = try signingArguments(identity)
    let files: [String] =
      switch identity {
      case .p12(let path, let passwordFile, _): [path] + (passwordFile.map { [$0] } ?? [])
      case .pem(let path): [path]
      case .keychain, .p12Bytes: []
      }
    for file in files where !FileManager.default.isReadableFile(atPath: file) {
      throw PipelineError.invalidOptions("cannot read \(file): no such readable file")
    }
  }

  /// `rcodesign notary-submit`, which creates the submission and uploads in one call: nothing
  /// is recorded before it ends.
  package func submit(
    _ submission: NotarySubmission, credentials: NotaryCredentials,
    record: (NotaryUpload) throws -> Void
  ) async throws -> String {
    let output = try await check(
      runner, "rcodesign", ["notary-submit"] + (try keyArguments(credentials)) + [submission.image])
    guard let id = Self.submissionID(in: output.standardError + output.standardOutput) else {
      throw PipelineError.unexpectedOutput("rcodesign notary-submit printed no submission ID")
    }
    return id
  }

  /// The submission's status: a one-second `notary-wait`, whose output names the status.
  package func status(of submissionID: String, credentials: NotaryCredentials) async throws
    -> NotaryStatus
  {
    let output = try await runner.run(
      "rcodesign",
      ["notary-wait"] + (try keyArguments(credentials)) + ["--max-wait-seconds", "1", submissionID])
    let text = output.standardError + output.standardOutput
    if text.contains("Invalid") { return .invalid }
    if text.contains("Rejected") { return .rejected }
    if output.status == 0, text.contains("Accepted") { return .accepted }
    if text.contains("time limit") || text.contains("In Progress") { return .inProgress }
    throw PipelineError.toolFailed(
      command: "rcodesign notary-wait \(submissionID)", status: output.status,
      output: text.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// `rcodesign notary-log <id>`: the JSON it prints.
  package func log(of submissionID: String, credentials: NotaryCredentials) async throws -> Data {
    let output = try await check(
      runner, "rcodesign", ["notary-log"] + (try keyArguments(credentials)) + [submissionID])
    guard let start = output.standardOutput.firstIndex(of: "{") else {
      throw PipelineError.unexpectedOutput("rcodesign notary-log printed no JSON")
    }
    return Data(output.standardOutput[start...].utf8)
  }

  package func issues(of submissionID: String, credentials: NotaryCredentials) async throws
    -> [String]
  {
    let log = try await log(of: submissionID, credentials: credentials)
    guard let object = try? JSONSerialization.jsonObject(with: log) as? [String: Any] else {
      return [String(decoding: log, as: UTF8.self)]
    }
    return NotaryLog.issues(in: object)
  }

  package func staple(_ image: String) async throws {
    _ = try await check(runner, "rcodesign", ["staple", image])
  }

  /// The UUID after "submission ID" in rcodesign's output.
  static func submissionID(in text: String) -> String? {
    guard let range = text.range(of: "submission ID: ") else { return nil }
    let id = text[range.upperBound...].prefix { $0.isHexDigit || $0 == "-" }
    return id.count >= 32 ? String(id) : nil
  }
}
