import Digests
import Distribution
import Foundation
import ShipyardTestSupport
import SystemSupport
import Testing

/// ``DMGRelease`` against Apple's (fake) tools: the events in the steps' order, and the summary.
@Suite struct DMGReleaseTests {
  /// The sample app, its executable a script: enough for the steps that never check it.
  static let helloApp = SampleApps.scriptHello
  static let credentials = NotaryCredentials.appleID(
    appleID: "dev@example.com", teamID: "TEAMID1234", password: Secret("abcd-efgh-ijkl-mnop"))
  static let identity = SigningIdentity.keychain(
    name: "Developer ID Application: Example (TEAMID1234)", keychain: nil)

  /// The name of an event, with what the test checks of it.
  private static func name(_ event: ReleaseEvent) -> String {
    switch event {
    case .appSigning: "app signing"
    case .appSigned(let summary): "app signed \(summary.items.count)"
    case .building: "building"
    case .built(let result): "built \(result.fileCount > 0)"
    case .signed(let engine): "signed \(engine)"
    case .uploading: "uploading"
    case .notarizationSubmitted(let id): "submitted \(id)"
    case .notarizationResumed(let id, _): "resumed \(id)"
    case .notarizationStatus(let id, let status, _): "status \(id) \(status.name)"
    case .notarized(let id): "notarized \(id)"
    case .appNotarized(let path, let id):
      "app notarized \(URL(fileURLWithPath: path).lastPathComponent) \(id)"
    case .appStapled(let path): "app stapled \(URL(fileURLWithPath: path).lastPathComponent)"
    case .ticketPending(let attempt, _, _): "ticket pending \(attempt)"
    case .stapled: "stapled"
    case .assessed(let verdict): "assessed \(verdict?.contains("accepted") == true)"
    case .verified(let verification): "verified \(verification.valid)"
    case .digested: "digested"
    }
  }

  /// A release of `image` through the fake Apple tools, and the names of its events (one
  /// `building` or `app signing` for a run of them).
  private static func recordingRelease(_ image: String, _ tools: FakeToolbox) -> (
    DMGRelease, Locked<[String]>
  ) {
    let names = Locked([String]())
    let release = DMGRelease(
      image: image, signingEngine: AppleEngine(runner: tools.runner), clock: FakeClock().clock
    ) { event in
      names.withLock { names in
        let name = Self.name(event)
        if !["building", "app signing"].contains(name) || names.last != name { names.append(name) }
      }
    }
    return (release, names)
  }

  @Test(.enabled(if: SampleApps.canMakeMachO, "needs apple-platform-py for a Mach-O Hello.app"))
  func shipRunsEveryStepInOrderAndSummarizesTheFinalImage() async throws {
    let tools = try FakeToolbox()
    defer { tools.remove() }
    try tools.set("in-progress-polls", "1")
    let image = tools.folder.path("Hello.dmg")
    let (release, names) = Self.recordingRelease(image, tools)
    // Signed natively with the test PKI: the fake codesign signs nothing.
    let app = try await SampleApps.signedHello(in: tools.folder.url)

    let summary = try await release.ship(
      building: DMGBuildOptions(source: app, output: image),
      plan: DMGRelease.Plan(
        identity: Self.identity, notary: Self.credentials, trustRoots: try TestPKI.trustRoots()))

    let id = PipelineTests.submission
    #expect(
      names.withLock { $0 } == [
        "building", "built true", "signed apple", "submitted \(id)", "status \(id) In Progress",
        "status \(id) Accepted", "notarized \(id)", "stapled", "assessed true", "verified true",
        "digested",
      ])
    #expect(
      summary.built && summary.signed && summary.notarization?.isAccepted == true
        && summary.stapled && summary.signature == .valid && summary.apps.isEmpty)
    #expect(summary.image == image && summary.notarization?.submissionID == id)
    #expect(summary.gatekeeper?.contains("accepted") == true)
    let final = try FileDigest(ofFileAt: image)
    #expect(summary.sha256 == final.hex && summary.bytes == final.byteCount)
  }

  @Test(.enabled(if: SampleApps.canMakeMachO, "needs apple-platform-py for a Mach-O Hello.app"))
  func shipWithStapleAppNotarizesAndStaplesTheAppBeforeTheBuild() async throws {
    let tools = try FakeToolbox()
    defer { tools.remove() }
    let source = tools.folder.path("src")
    try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
    // Signed natively with the test PKI: the fake codesign signs nothing.
    let app = try await SampleApps.signedHello(in: URL(fileURLWithPath: source))
    let image = tools.folder.path("Hello.dmg")
    let (release, names) = Self.recordingRelease(image, tools)
    var plan = DMGRelease.Plan(
      identity: Self.identity, notary: Self.credentials, trustRoots: try TestPKI.trustRoots())
    plan.stapleApp = true

    let summary = try await release.ship(
      building: DMGBuildOptions(source: source, output: image), plan: plan)

    let id = PipelineTests.submission
    #expect(
      names.withLock { $0 } == [
        "submitted \(id)", "status \(id) In Progress", "status \(id) Accepted",
        "app notarized Hello.app \(id)", "app stapled Hello.app", "building", "built true",
        "signed apple", "submitted \(id)", "status \(id) Accepted", "notarized \(id)", "stapled",
        "assessed true", "verified true", "digested",
      ])
    #expect(
      summary.apps.map { [$0.notarization?.isAccepted, $0.stapled] } == [[true, true]])
    #expect(
      summary.apps.map { $0.notarization?.submissionID } == [id]
        && summary.notarization?.submissionID == id)
    let submitted = tools.calls.filter { $0.starts(with: ["xcrun", "notarytool", "submit"]) }
    #expect(
      submitted.map { URL(fileURLWithPath: $0[3]).lastPathComponent } == ["Hello.zip", "Hello.dmg"])
    #expect(tools.calls.contains(["xcrun", "stapler", "staple", app]))
    // The app's submission is recorded beside the image, not in the image's source.
    #expect(FileManager.default.fileExists(atPath: image + ".Hello.app.notarization.json"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: source) == ["Hello.app"])
  }

  @Test func aStepWithoutAnEngineIsAnOptionsError() async throws {
    let release = DMGRelease(image: "Hello.dmg", signingEngine: nil)
    await #expect {
      try await release.sign(identity: Self.identity)
    } throws: { error in
      (error as? ReleaseError).map { $0.step == .sign && $0.kind == .invalidOptions } == true
    }
  }

  @Test func aTimeoutIsItsOwnKindAndASkippedSignatureIsNotRequired() async throws {
    let tools = try FakeToolbox()
    defer { tools.remove() }
    try tools.set("in-progress-polls", "100")
    let image = tools.folder.path("Hello.dmg")
    let release = DMGRelease(
      image: image, signingEngine: AppleEngine(runner: tools.runner), clock: FakeClock().clock)
    let unsigned = try await release.ship(
      building: DMGBuildOptions(source: Self.helloApp, output: image),
      plan: DMGRelease.Plan(identity: nil, notary: nil))
    #expect(
      unsigned.built && !unsigned.signed && unsigned.notarization == nil && !unsigned.stapled
        && unsigned.signature == .unsigned)
    try await release.sign(identity: Self.identity)
    await #expect {
      try await release.notarize(credentials: Self.credentials, timeout: 30)
    } throws: { error in
      (error as? ReleaseError).map { $0.step == .notarize && $0.kind == .timedOut } == true
    }
  }

  @Test func aShipWithoutSigningStillRequiresTheChecksums() async throws {
    let tools = try FakeToolbox()
    defer { tools.remove() }
    let image = tools.folder.path("Hello.dmg")
    _ = try await DMGBuilder(options: DMGBuildOptions(source: Self.helloApp, output: image))
      .build { _ in }
    // One byte of the first chunk: its partition no longer decodes.
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: image)))
    bytes[100] ^= 0xFF
    try Data(bytes).write(to: URL(fileURLWithPath: image))
    let release = DMGRelease(image: image, signingEngine: nil)

    await #expect {
      _ = try await release.ship(building: nil, plan: DMGRelease.Plan(identity: nil, notary: nil))
    } throws: { error in
      guard let error = error as? ReleaseError else { return false }
      return error.step == .verify && error.kind == .failed
        && "\(error)".contains("damaged partitions")
    }
  }

  @Test func aWrongPasswordStopsTheShipBeforeTheBuild() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let image = folder.path("Hello.dmg")
    let events = Locked([String]())
    let release = DMGRelease(
      image: image, engine: NativeEngine.live(configuration: .apple),
      events: { event in events.withLock { $0.append(Self.name(event)) } })
    let identity = SigningIdentity.p12(
      path: try TestPKI.path("identity.p12"), password: Secret("not-the-password"))

    await #expect {
      _ = try await release.ship(
        building: DMGBuildOptions(source: Self.helloApp, output: image),
        plan: DMGRelease.Plan(identity: identity, notary: nil))
    } throws: { error in
      guard let error = error as? ReleaseError else { return false }
      return error.step == .sign && "\(error)".contains("identity.p12")
    }
    #expect(events.withLock { $0 }.isEmpty, "nothing was built")
    #expect(!FileManager.default.fileExists(atPath: image))
  }

  @Test func aFailedStepAfterTheBuildLeavesNoImage() async throws {
    let tools = try FakeToolbox()
    defer { tools.remove() }
    try tools.set("final-status", "Invalid")
    let image = tools.folder.path("Hello.dmg")
    let built = Locked(false)
    let release = DMGRelease(
      image: image, signingEngine: AppleEngine(runner: tools.runner), clock: FakeClock().clock
    ) { event in
      if case .built = event { built.withLock { $0 = true } }
    }

    await #expect {
      _ = try await release.ship(
        building: DMGBuildOptions(source: Self.helloApp, output: image),
        plan: DMGRelease.Plan(identity: Self.identity, notary: Self.credentials))
    } throws: { error in (error as? ReleaseError)?.step == .notarize }
    #expect(built.withLock { $0 })
    #expect(!FileManager.default.fileExists(atPath: image), "the refused image is removed")
  }

  @Test func aFailedShipOfAnImageBuiltElsewhereLeavesIt() async throws {
    let tools = try FakeToolbox()
    defer { tools.remove() }
    try tools.set("final-status", "Invalid")
    let image = tools.folder.path("Hello.dmg")
    _ = try await DMGBuilder(options: DMGBuildOptions(source: Self.helloApp, output: image))
      .build { _ in }
    let release = DMGRelease(
      image: image, signingEngine: AppleEngine(runner: tools.runner), clock: FakeClock().clock)

    await #expect(throws: ReleaseError.self) {
      _ = try await release.ship(
        building: nil, plan: DMGRelease.Plan(identity: Self.identity, notary: Self.credentials))
    }
    #expect(FileManager.default.fileExists(atPath: image), "the caller's image is theirs")
  }
}
