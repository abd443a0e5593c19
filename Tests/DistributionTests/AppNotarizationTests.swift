import Distribution
import Foundation
import ShipyardTestSupport
import Testing

/// `app notarize` and `app staple` through Apple's tools, against fakes that record their
/// arguments: `ditto -c -k --keepParent`, `xcrun notarytool submit` of the zip, `xcrun stapler`.
@Suite struct AppNotarizationTests {
  static let submission = PipelineTests.submission

  @Test func appleEngineZipsWithDittoSubmitsTheZipAndStaplesTheApp() async throws {
    let tools = try FakeToolbox()
    defer { tools.remove() }
    let app = tools.folder.path("Hello.app")
    try FileManager.default.createDirectory(
      atPath: app + "/Contents/MacOS", withIntermediateDirectories: true)
    let clock = FakeClock()
    let release = AppRelease(
      app: app, engine: AppleEngine(runner: tools.runner), clock: clock.clock)

    let id = try await release.notarize(credentials: .keychainProfile("notary-ci")).submissionID
    try await release.staple()

    #expect(id == Self.submission)
    let calls = tools.calls
    #expect(calls.count == 7, "\(calls)")
    guard calls.count == 7 else { return }
    let zip = calls[0].last ?? ""
    #expect(calls[0] == ["ditto", "-c", "-k", "--keepParent", app, zip])
    #expect(zip.hasSuffix("/Hello.zip") && !zip.hasPrefix(tools.folder.url.path), "\(zip)")
    let profile = ["--output-format", "json", "--keychain-profile", "notary-ci"]
    // With no state file, the history is asked first for a submission of the same zip.
    #expect(calls[1] == ["xcrun", "notarytool", "history"] + profile)
    #expect(calls[2] == ["xcrun", "notarytool", "submit", zip] + profile)
    #expect(calls[3] == ["xcrun", "notarytool", "info", Self.submission] + profile)
    #expect(calls[4] == calls[3])
    #expect(calls[5] == ["xcrun", "stapler", "staple", app])
    #expect(calls[6] == ["xcrun", "stapler", "validate", app])
    // The state file is beside the app; the temporary zip is gone.
    let state = try String(contentsOfFile: app + ".notarization.json", encoding: .utf8)
    #expect(state.contains("\"status\" : \"Accepted\"") && state.contains(Self.submission))
    #expect(!FileManager.default.fileExists(atPath: zip))
  }

  @Test func aRerunOfAnAcceptedAppSubmitsNothing() async throws {
    let tools = try FakeToolbox()
    defer { tools.remove() }
    let app = tools.folder.path("Hello.app")
    try FileManager.default.createDirectory(atPath: app, withIntermediateDirectories: true)
    let release = AppRelease(
      app: app, engine: AppleEngine(runner: tools.runner), clock: FakeClock().clock)
    try await release.notarize(credentials: .keychainProfile("notary-ci"))
    let before = tools.calls.count
    try await release.notarize(credentials: .keychainProfile("notary-ci"))
    // ditto zips again (the same bytes), and no submit or info follows.
    #expect(tools.calls.dropFirst(before).map { $0.first } == ["ditto"], "\(tools.calls)")
  }
}

extension AppNotarizationTests {
  @Test func rcodesignRefusesToSubmitAnAppZipClearlyAndStaplesTheApp() async throws {
    let tools = try FakeToolbox()
    defer { tools.remove() }
    let app = tools.folder.path("Hello.app")
    try FileManager.default.createDirectory(atPath: app, withIntermediateDirectories: true)
    let release = AppRelease(
      app: app, engine: RCodesignEngine(runner: tools.runner), clock: FakeClock().clock)
    await #expect {
      try await release.notarize(credentials: .apiKey(path: "k.json", keyID: nil, issuer: nil))
    } throws: { error in
      let error = error as? ReleaseError
      return error?.step == .notarizeApp && error?.kind == .invalidOptions
        && error?.description.contains("use the native engine") == true
    }
    #expect(tools.calls.isEmpty, "nothing ran: \(tools.calls)")
    try await release.staple()
    #expect(tools.calls == [["rcodesign", "staple", app]])
  }
}
