package import Foundation

/// Apple's tools, as Apple's documentation spells them: `codesign`, `pkgbuild`, `productbuild`,
/// `productsign`, `pkgutil`, `xcrun notarytool`, `xcrun stapler` and `spctl` (macOS only).
package struct AppleEngine: ImageSigning, AppSigning, PackageSigning, PackageBuilding, Notarizing,
  AppArchiving, SubmissionLookUp, Stapling, GatekeeperAssessing
{
  package let name = "apple"
  let runner: ToolRunner

  /// Makes the engine.
  package init(runner: ToolRunner) { self.runner = runner }

  package func sign(_ image: String, identity: SigningIdentity?) async throws {
    if let identity {
      _ = try await check(runner, "codesign", try signingArguments(identity) + [image])
    } else {
      _ = try await check(runner, "codesign", ["--sign", "-", image])
    }
    _ = try await check(runner, "codesign", ["--verify", "--strict", "--verbose=2", image])
  }

  /// The credential arguments of notarytool.
  ///
  /// The app-specific password goes on notarytool's command line (visible to the same user in
  /// `ps`): prefer a keychain profile. A key held in memory is refused: notarytool reads the key
  /// from a file, and it is never written to one.
  func arguments(for credentials: NotaryCredentials) throws -> (
    arguments: [String], secrets: [Secret]
  ) {
    switch credentials {
    case .keychainProfile(let profile): (["--keychain-profile", profile], [])
    case .appleID(let appleID, let teamID, let password):
      (["--apple-id", appleID, "--team-id", teamID, "--password", password.value], [password])
    case .apiKey(let path, let keyID, let issuer):
      (
        ["--key", path] + (keyID.map { ["--key-id", $0] } ?? [])
          + (issuer.map { ["--issuer", $0] } ?? []), []
      )
    case .apiKeyBytes:
      throw PipelineError.apiKeyFileRequired(engine: name)
    }
  }

  private func notarytool(_ arguments: [String], _ credentials: NotaryCredentials) async throws
    -> [String: Any]
  {
    let (credentialArguments, secrets) = try self.arguments(for: credentials)
    let output = try await check(
      runner, "xcrun",
      ["notarytool"] + arguments + ["--output-format", "json"] + credentialArguments,
      secrets: secrets)
    guard
      let object = try? JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8))
        as? [String: Any]
    else {
      throw PipelineError.unexpectedOutput(
        "notarytool \(arguments.first ?? "") printed no JSON object")
    }
    return object
  }

  /// notarytool takes every credential but a key held in memory.
  package func validate(_ credentials: NotaryCredentials) throws {
    _ = try arguments(for: credentials)
  }

  /// codesign signs with a keychain identity only (whether the keychain holds it, codesign says).
  package func validate(_ identity: SigningIdentity) throws {
    _ = try signingArguments(identity)
  }

  /// `--sign <name> [--keychain <keychain>] --timestamp`, as codesign and productsign take a
  /// keychain identity; an identity in a file is refused
  /// (``PipelineError/certificateFileUnsupported(engine:)``).
  func signingArguments(_ identity: SigningIdentity) throws -> [String] {
    guard case .keychain(let name, let keychain) = identity else {
      throw PipelineError.certificateFileUnsupported(engine: self.name)
    }
    return ["--sign", name] + (keychain.map { ["--keychain", $0] } ?? []) + ["--timestamp"]
  }

  /// `notarytool submit`, which creates the submission and uploads in one call: nothing is
  /// recorded before it ends, so an interrupted upload cannot be resumed.
  package func submit(
    _ submission: NotarySubmission, credentials: NotaryCredentials,
    record: (NotaryUpload) throws -> Void
  ) async throws -> String {
    let reply = try await notarytool(["submit", submission.image], credentials)
    guard let id = reply["id"] as? String else {
      throw PipelineError.unexpectedOutput("notarytool submit gave no submission id")
    }
    return id
  }

  package func status(of submissionID: String, credentials: NotaryCredentials) async throws
    -> NotaryStatus
  {
    NotaryStatus(name: try await info(of: submissionID, credentials: credentials).status)
  }

  /// `notarytool info <id>`: `id`, `name`, `createdDate`, `status` (and `message`).
  package func info(of submissionID: String, credentials: NotaryCredentials) async throws
    -> NotarySubmissionInfo
  {
    let reply = try await notarytool(["info", submissionID], credentials)
    guard let info = Self.submission(in: reply) else {
      throw PipelineError.unexpectedOutput("notarytool info gave no status")
    }
    return info
  }

  /// `notarytool history`: `history`, an array of `id`, `name`, `createdDate`, `status`.
  package func history(credentials: NotaryCredentials) async throws -> [NotarySubmissionInfo] {
    let reply = try await notarytool(["history"], credentials)
    guard let entries = reply["history"] as? [[String: Any]] else {
      throw PipelineError.unexpectedOutput("notarytool history gave no history array")
    }
    return try entries.map { entry in
      guard let info = Self.submission(in: entry) else {
        throw PipelineError.unexpectedOutput(
          "notarytool history listed a submission without status")
      }
      return info
    }
  }

  /// `notarytool log <id>`: the developer log's JSON.
  package func log(of submissionID: String, credentials: NotaryCredentials) async throws -> Data {
    try JSONSerialization.data(
      withJSONObject: try await notarytool(["log", submissionID], credentials),
      options: [.prettyPrinted, .sortedKeys])
  }

  /// The submission notarytool describes in `object` (flat: `id`, `name`, `createdDate`,
  /// `status`).
  static func submission(in object: [String: Any]) -> NotarySubmissionInfo? {
    guard let id = object["id"] as? String, let status = object["status"] as? String else {
      return nil
    }
    return NotarySubmissionInfo(
      id: id, name: object["name"] as? String ?? "",
      createdDate: object["createdDate"] as? String ?? "", status: status)
  }

  package func issues(of submissionID: String, credentials: NotaryCredentials) async throws
    -> [String]
  {
    NotaryLog.issues(in: try await notarytool(["log", submissionID], credentials))
  }

  /// `ditto -c -k --keepParent <app> <zip>`, as Apple's notarization guide zips an app.
  package func archiveApp(_ app: String, to zip: String) async throws {
    _ = try await check(runner, "ditto", ["-c", "-k", "--keepParent", app, zip])
  }

  package func staple(_ image: String) async throws {
    _ = try await check(runner, "xcrun", ["stapler", "staple", image])
    _ = try await check(runner, "xcrun", ["stapler", "validate", image])
  }

  package func assess(_ image: String) async throws -> String {
    let output = try await runner.run(
      "spctl", ["-a", "-t", "open", "--context", "context:primary-signature", "-v", image])
    return (output.standardError + output.standardOutput).trimmingCharacters(
      in: .whitespacesAndNewlines)
  }
}

/// Reads the issues of a notary log (the JSON notarytool and the Notary API return).
enum NotaryLog {
  static func issues(in log: [String: Any]) -> [String] {
    let issues = (log["issues"] as? [[String: Any]]) ?? []
    let lines = issues.map { issue in
      let path = issue["path"] as? String ?? ""
      let message = issue["message"] as? String ?? "(no message)"
      let severity = issue["severity"] as? String ?? "error"
      return "\(severity): \(path.isEmpty ? "" : "\(path): ")\(message)"
    }
    if lines.isEmpty, let summary = log["statusSummary"] as? String { return [summary] }
    return lines
  }
}
