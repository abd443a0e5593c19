import Distribution
import Foundation
import Testing

/// The native engine's public face: made from a configuration, credentials passed in, and the
/// identities and credentials it cannot use refused before any request is sent.
@Suite struct NativeEngineAPITests {
  let engine = NativeEngine.live(configuration: .apple)

  @Test func appleConfigurationNamesApplesServices() {
    let configuration = NativeEngine.Configuration.apple
    #expect(configuration.notaryURL.absoluteString == NativeEngine.Configuration.defaultNotaryURL)
    #expect(configuration.ticketURL.absoluteString == NativeEngine.Configuration.defaultTicketURL)
    #expect(
      configuration.timestampURL?.absoluteString
        == NativeEngine.Configuration.defaultTimestampURL)
    #expect(configuration.s3URL == nil)
    #expect(configuration.identifier == nil)
  }

  @Test func aKeychainIdentityIsRefused() async {
    await #expect(throws: (any Error).self) {
      try await engine.sign("/nonexistent.dmg", identity: .keychain(name: "Dev", keychain: nil))
    }
  }

  @Test func aKeychainProfileIsRefusedBeforeTheImageIsRead() async {
    let notarizer = Notarizer(engine: engine, credentials: .keychainProfile("ci"), timeout: 1)
    await #expect(throws: (any Error).self) {
      _ = try await notarizer.notarize("/nonexistent.dmg") { _, _, _ in }
    }
    #expect(Notarizer.statePath(for: "a.dmg") == "a.dmg.notarization.json")
  }

  @Test func stapleNeedsASignedImage() async {
    await #expect(throws: (any Error).self) {
      try await TicketStapler(engine: engine, attempts: 1).staple("/nonexistent.dmg")
    }
  }
}
