import Foundation
import ShipyardTestSupport
import Testing

/// `dmg sign|notarize|staple|ship` against fake Apple tools, as a user runs them.
@Suite struct DMGReleaseCommandTests {
  static let password = "abcd-efgh-ijkl-mnop"

  /// Runs `shipyard` with the fakes first on PATH and the password in NOTARY_PASSWORD.
  private func shipyard(_ tools: FakeToolbox, _ arguments: [String]) throws -> ProcessRunner.Output
  {
    try tools.shipyard(arguments, environment: ["NOTARY_PASSWORD=\(Self.password)"])
  }

  private func everythingPrintedOrWritten(_ run: ProcessRunner.Output, _ tools: FakeToolbox)
    -> String
  {
    let state =
      (try? String(contentsOfFile: tools.image + ".notarization.json", encoding: .utf8)) ?? ""
    return String(decoding: run.standardOutput, as: UTF8.self) + run.standardError + state
  }

  private let appleCredentials = [
    "--engine", "apple", "--apple-id", "dev@example.com", "--team-id", "TEAMID1234",
    "--password-env", "NOTARY_PASSWORD",
  ]

  @Test(.enabled(if: SampleApps.canMakeMachO, "needs apple-platform-py for a Mach-O Hello.app"))
  func shipRunsEveryStepAndNeverPrintsTheSecret() async throws {
    let tools = try FakeToolbox()
    defer { tools.remove() }
    let image = tools.folder.path("Hello.dmg")
    // Signed natively with the test PKI: the fake codesign signs nothing.
    let app = try await SampleApps.signedHello(in: tools.folder.url)
    let run = try shipyard(
      tools,
      [
        "dmg", "ship", app, "-o", image, "--force", "--skip-sign-app", "--identity",
        "Developer ID Application: Example (TEAMID1234)", "--json",
      ] + appleCredentials)
    #expect(run.status == 0, "\(run.standardError)")
    #expect(
      tools.calls.map { $0.prefix(3).joined(separator: " ") } == [
        "codesign --sign Developer ID Application: Example (TEAMID1234)",
        "codesign --verify --strict", "xcrun notarytool history",
        "xcrun notarytool submit", "xcrun notarytool info", "xcrun notarytool info",
        "xcrun stapler staple",
        "xcrun stapler validate", "spctl -a -t",
      ])
    let summary = try JSONSerialization.jsonObject(with: run.standardOutput) as? [String: Any]
    #expect(summary?["submissionID"] as? String == "2efe2717-52ef-43a5-96dc-0797e4ca1041")
    #expect((summary?["steps"] as? [String: String])?["notarize"] == "accepted")
    #expect(!everythingPrintedOrWritten(run, tools).contains(Self.password))
  }

  @Test func aNotarizationPastTheTimeoutExits75AndARerunResumes() throws {
    let tools = try FakeToolbox()
    defer { tools.remove() }
    try tools.set("final-status", "Never")
    let first = try shipyard(
      tools, ["dmg", "notarize", tools.image, "--timeout", "1s"] + appleCredentials)
    #expect(first.status == 75)
    #expect(
      first.standardError.contains("2efe2717-52ef-43a5-96dc-0797e4ca1041 is still in progress"))
    try tools.set("final-status", "Accepted")
    let second = try shipyard(
      tools, ["dmg", "notarize", tools.image, "--timeout", "1s"] + appleCredentials)
    #expect(second.status == 0, "\(second.standardError)")
    #expect(tools.calls.filter { $0.starts(with: ["xcrun", "notarytool", "submit"]) }.count == 1)
    #expect(!everythingPrintedOrWritten(first, tools).contains(Self.password))
  }

  @Test func aRejectedSubmissionExits1WithTheLogsIssues() throws {
    let tools = try FakeToolbox()
    defer { tools.remove() }
    try tools.set("final-status", "Invalid")
    let run = try shipyard(
      tools, ["dmg", "notarize", tools.image, "--engine", "apple", "--keychain-profile", "ci"])
    #expect(run.status == 1)
    #expect(
      run.standardError.contains("The executable does not have the hardened runtime enabled."))
  }

  @Test func aFailingToolNeverShowsThePassword() throws {
    let tools = try FakeToolbox()
    defer { tools.remove() }
    try tools.set("fail-command", "xcrun")
    let run = try shipyard(tools, ["dmg", "notarize", tools.image] + appleCredentials)
    #expect(run.status == 1)
    #expect(run.standardError.contains("--password ******"))
    #expect(!everythingPrintedOrWritten(run, tools).contains(Self.password))
  }

  @Test(arguments: [
    (["dmg", "notarize", "x.dmg", "--engine", "apple"], "notarization needs credentials"),
    (
      [
        "dmg", "notarize", "x.dmg", "--engine", "apple", "--apple-id", "a@b.c", "--team-id", "T",
        "--password-env", "MISSING",
      ],
      "the environment variable MISSING is not set"
    ),
    (
      [
        "dmg", "notarize", "x.dmg", "--engine", "rcodesign", "--apple-id", "a@b.c", "--team-id",
        "T", "--password-env", "NOTARY_PASSWORD",
      ],
      "App Store Connect API key only"
    ),
    (["dmg", "sign", "x.dmg", "--engine", "apple"], "signing needs --identity"),
    (
      ["dmg", "notarize", "x.dmg", "--key", "k.json", "--timeout", "soon"],
      "--timeout takes seconds"
    ),
    (["dmg", "sign", "x.dmg", "--engine", "xcode"], "--engine takes native, apple or rcodesign"),
  ])
  func usageErrorsExit64(arguments: [String], message: String) throws {
    let tools = try FakeToolbox()
    defer { tools.remove() }
    let run = try shipyard(tools, arguments)
    #expect(run.status == 64, "\(run.standardError)")
    #expect(run.standardError.contains(message), "\(run.standardError)")
    #expect(!run.standardError.contains(Self.password))
  }
}

@Suite struct DMGConfigTests {
  @Test(.enabled(if: SampleApps.canMakeMachO, "needs apple-platform-py for a Mach-O Hello.app"))
  func shipReadsAJSONConfigWithPathsRelativeToIt() async throws {
    let tools = try FakeToolbox()
    defer { tools.remove() }
    // Signed natively with the test PKI: the fake codesign signs nothing.
    let app = try await SampleApps.signedHello(in: tools.folder.url)
    let config = """
      {"source": "\(app)", "output": "out/Hello.dmg", "volumeName": "Hello Config", "format": "UDBZ",
       "sign": {"engine": "apple", "identity": "Developer ID Application: Example (TEAMID1234)"},
       "notarize": {"keychainProfile": "notary-ci", "timeout": "30m"}, "skip": ["staple"]}
      """
    try FileManager.default.createDirectory(
      at: tools.folder.file("out"), withIntermediateDirectories: true)
    try tools.folder.write(Array(config.utf8), to: "ship.json")
    let run = try tools.shipyard([
      "dmg", "ship", "--config", tools.folder.path("ship.json"), "--skip-sign-app",
    ])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(
      run.standardError.contains(
        "wrote \(tools.folder.path("out/Hello.dmg")): volume \"Hello Config\""))
    #expect(
      tools.calls.contains {
        $0.starts(with: ["xcrun", "notarytool", "submit"]) && $0.contains("notary-ci")
      })
    #expect(!tools.calls.contains { $0.starts(with: ["xcrun", "stapler"]) })
  }

  @Test(arguments: [
    ("{\"colour\": \"blue\"}", "unknown key colour"),
    ("{\"sign\": {\"identity\": \"x\"}}", "sign belongs to `dmg ship`"),
    ("[1, 2]", "must be a JSON object"),
  ])
  func badConfigurationsAreNamed(config: String, message: String) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    try folder.write(Array(config.utf8), to: "build.json")
    let run = try ProcessRunner.run(
      BuiltProducts.shipyard.path, ["dmg", "build", "x.app", "--config", folder.path("build.json")])
    #expect(run.status == 64)
    #expect(run.standardError.contains(message), "\(run.standardError)")
  }
}
