import Distribution
import Foundation
import ShipyardTestSupport
import Testing

/// The release flow against fake Apple tools and a fake rcodesign that record their arguments.
@Suite struct PipelineTests {
  static let submission = "2efe2717-52ef-43a5-96dc-0797e4ca1041"
  static let password = Secret("abcd-efgh-ijkl-mnop")

  @Test func appleFlowWithAnAppSpecificPasswordRunsApplesDocumentedCommands() async throws {
    let tools = try FakeToolbox()
    defer { tools.remove() }
    try tools.set("in-progress-polls", "2")
    try tools.set("staple-failures", "1")
    let clock = FakeClock()
    let engine = AppleEngine(runner: tools.runner)
    let credentials = NotaryCredentials.appleID(
      appleID: "dev@example.com", teamID: "TEAMID1234", password: Self.password)

    try await engine.sign(
      tools.image,
      identity: .keychain(name: "Developer ID Application: Example (TEAMID1234)", keychain: nil))
    let id = try await Notarizer(engine: engine, credentials: credentials, clock: clock.clock)
      .notarize(tools.image)
    try await TicketStapler(engine: engine, clock: clock.clock).staple(tools.image)
    let verdict: String? = try await engine.assess(tools.image)

    #expect(id == Self.submission)
    let credentialArguments = [
      "--apple-id", "dev@example.com", "--team-id", "TEAMID1234", "--password", Self.password.value,
    ]
    #expect(
      tools.calls == [
        [
          "codesign", "--sign", "Developer ID Application: Example (TEAMID1234)", "--timestamp",
          tools.image,
        ],
        ["codesign", "--verify", "--strict", "--verbose=2", tools.image],
        // No state file: the history is asked for a submission of the same name first.
        ["xcrun", "notarytool", "history", "--output-format", "json"] + credentialArguments,
        ["xcrun", "notarytool", "submit", tools.image, "--output-format", "json"]
          + credentialArguments,
        ["xcrun", "notarytool", "info", Self.submission, "--output-format", "json"]
          + credentialArguments,
        ["xcrun", "notarytool", "info", Self.submission, "--output-format", "json"]
          + credentialArguments,
        ["xcrun", "notarytool", "info", Self.submission, "--output-format", "json"]
          + credentialArguments,
        ["xcrun", "stapler", "staple", tools.image],
        ["xcrun", "stapler", "staple", tools.image],
        ["xcrun", "stapler", "validate", tools.image],
        ["spctl", "-a", "-t", "open", "--context", "context:primary-signature", "-v", tools.image],
      ])
    #expect(clock.sleeps == [10, 15, 10])  // two polls with backoff, one staple retry
    #expect(
      verdict?.contains("accepted") == true
        && verdict?.contains("source=Notarized Developer ID") == true)
    let state = try String(contentsOfFile: Notarizer.statePath(for: tools.image), encoding: .utf8)
    #expect(state.contains("\"status\" : \"Accepted\"") && !state.contains(Self.password.value))
  }

  @Test func appleFlowWithAnAPIKeyAndAKeychainProfile() async throws {
    let tools = try FakeToolbox()
    defer { tools.remove() }
    let engine = AppleEngine(runner: tools.runner)
    let key = NotaryCredentials.apiKey(
      path: "/secure/AuthKey_ABC123.p8", keyID: "ABC123",
      issuer: "69a6de7e-0000-47e3-e053-5b8c7c11a4d1")
    _ = try await Notarizer(engine: engine, credentials: key, clock: FakeClock().clock).notarize(
      tools.image)
    #expect(
      tools.calls.dropFirst().first == [
        "xcrun", "notarytool", "submit", tools.image, "--output-format", "json", "--key",
        "/secure/AuthKey_ABC123.p8",
        "--key-id", "ABC123", "--issuer", "69a6de7e-0000-47e3-e053-5b8c7c11a4d1",
      ])
    try FileManager.default.removeItem(atPath: Notarizer.statePath(for: tools.image))
    _ = try await Notarizer(
      engine: engine, credentials: .keychainProfile("notary-ci"), clock: FakeClock().clock
    ).notarize(tools.image)
    #expect(
      tools.calls.contains([
        "xcrun", "notarytool", "submit", tools.image, "--output-format", "json",
        "--keychain-profile", "notary-ci",
      ]))
  }

  @Test func rcodesignFlowRunsItsCommands() async throws {
    let tools = try FakeToolbox()
    defer { tools.remove() }
    let engine = RCodesignEngine(runner: tools.runner)
    let key = NotaryCredentials.apiKey(path: "/secure/key.json", keyID: nil, issuer: nil)
    try await engine.sign(
      tools.image, identity: .p12(path: "/secure/id.p12", passwordFile: "/secure/p12-password"))
    let id = try await Notarizer(engine: engine, credentials: key, clock: FakeClock().clock)
      .notarize(tools.image)
    try await TicketStapler(engine: engine, clock: FakeClock().clock).staple(tools.image)
    #expect(id == Self.submission)
    #expect((engine as any ReleaseEngine) as? any GatekeeperAssessing == nil)
    #expect(
      tools.calls == [
        [
          "rcodesign", "sign", "--p12-file", "/secure/id.p12", "--p12-password-file",
          "/secure/p12-password", tools.image,
        ],
        ["rcodesign", "notary-submit", "--api-key-path", "/secure/key.json", tools.image],
        [
          "rcodesign", "notary-wait", "--api-key-path", "/secure/key.json", "--max-wait-seconds",
          "1", Self.submission,
        ],
        [
          "rcodesign", "notary-wait", "--api-key-path", "/secure/key.json", "--max-wait-seconds",
          "1", Self.submission,
        ],
        ["rcodesign", "staple", tools.image],
      ])
  }

  @Test func rcodesignRefusesAPasswordClearly() async throws {
    let tools = try FakeToolbox()
    defer { tools.remove() }
    let engine = RCodesignEngine(runner: tools.runner)
    let credentials = NotaryCredentials.appleID(
      appleID: "dev@example.com", teamID: "T", password: Self.password)
    let error = await #expect(throws: PipelineError.self) {
      _ = try await Notarizer(engine: engine, credentials: credentials, clock: FakeClock().clock)
        .notarize(tools.image)
    }
    #expect(
      "\(error.map(String.init(describing:)) ?? "")".contains("App Store Connect API key only"))
    #expect(tools.calls.isEmpty)
  }

  @Test(arguments: ["apple", "rcodesign"])
  func aSubmissionPastTheTimeoutEndsClearlyAndARerunResumesIt(engineName: String) async throws {
    let tools = try FakeToolbox()
    defer { tools.remove() }
    try tools.set("final-status", "Never")
    let engine: any Notarizing =
      engineName == "apple"
      ? AppleEngine(runner: tools.runner) : RCodesignEngine(runner: tools.runner)
    let key = NotaryCredentials.apiKey(path: "/secure/key.json", keyID: "K", issuer: "I")
    let notarizer = Notarizer(
      engine: engine, credentials: key, clock: FakeClock().clock, timeout: 120)
    let error = await #expect(throws: PipelineError.self) {
      _ = try await notarizer.notarize(tools.image)
    }
    // Polls wait 10, 15, 22.5 and 33.75 s (81 s in all); the next wait (50.6 s) would pass 120 s.
    #expect(error == .notarizationTimedOut(submissionID: Self.submission, waited: 81))
    #expect("\(error.map(String.init(describing:)) ?? "")".contains("run the same command again"))
    #expect(FileManager.default.fileExists(atPath: Notarizer.statePath(for: tools.image)))
    // Rerun once Apple has finished: no new submission, the recorded one is polled.
    try tools.set("final-status", "Accepted")
    let id = try await notarizer.notarize(tools.image)
    #expect(id == Self.submission)
    #expect(tools.calls.filter { $0.contains("submit") || $0.contains("notary-submit") }.count == 1)
  }

  @Test func anInvalidSubmissionShowsTheLogsIssues() async throws {
    let tools = try FakeToolbox()
    defer { tools.remove() }
    try tools.set("final-status", "Invalid")
    let notarizer = Notarizer(
      engine: AppleEngine(runner: tools.runner), credentials: .keychainProfile("ci"),
      clock: FakeClock().clock)
    let error = await #expect(throws: PipelineError.self) {
      _ = try await notarizer.notarize(tools.image)
    }
    let text = "\(error.map(String.init(describing:)) ?? "")"
    #expect(text.contains("ended Invalid"))
    #expect(
      text.contains(
        "error: Hello.dmg/Hello.app/Contents/MacOS/Hello: The executable does not have the hardened runtime enabled."
      ))
  }

  @Test func aFailingToolNeverShowsTheSecret() async throws {
    let tools = try FakeToolbox()
    defer { tools.remove() }
    try tools.set("fail-command", "xcrun")  // the fake echoes every argument, the password included
    let credentials = NotaryCredentials.appleID(
      appleID: "dev@example.com", teamID: "T", password: Self.password)
    let notarizer = Notarizer(
      engine: AppleEngine(runner: tools.runner), credentials: credentials, clock: FakeClock().clock)
    let error = await #expect(throws: PipelineError.self) {
      _ = try await notarizer.notarize(tools.image)
    }
    let text = "\(error.map(String.init(describing:)) ?? "")" + "\(String(reflecting: error))"
    #expect(text.contains("xcrun notarytool history") && text.contains("******"))
    #expect(!text.contains(Self.password.value))
    #expect("\(Self.password)" == "******")
  }

  @Test func stapleGivesUpAfterItsRetries() async throws {
    let tools = try FakeToolbox()
    defer { tools.remove() }
    try tools.set("staple-failures", "10")
    let clock = FakeClock()
    await #expect(throws: PipelineError.self) {
      try await TicketStapler(
        engine: AppleEngine(runner: tools.runner), clock: clock.clock, attempts: 3, delay: 10
      ).staple(tools.image)
    }
    #expect(tools.calls.filter { $0.starts(with: ["xcrun", "stapler", "staple"]) }.count == 3)
    #expect(clock.sleeps == [10, 10])
  }
}
