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
      try await DMGRelease(image: "/nonexistent.dmg", engine: engine)
        .sign(identity: .keychain(name: "Dev", keychain: nil))
    }
  }

  @Test func aKeychainProfileIsRefusedBeforeTheImageIsRead() async {
    let release = DMGRelease(image: "/nonexistent.dmg", engine: engine)
    await #expect(throws: (any Error).self) {
      _ = try await release.notarize(credentials: .keychainProfile("ci"), timeout: 1)
    }
  }

  @Test func stapleNeedsASignedImage() async {
    await #expect(throws: (any Error).self) {
      try await DMGRelease(image: "/nonexistent.dmg", engine: engine).staple(ticketTimeout: 0)
    }
  }
}
