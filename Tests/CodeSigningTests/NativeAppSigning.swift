import CodeSigning
import Foundation
import ShipyardTestSupport

/// Signs the Electron-shaped app natively with the test PKI, as the tests of signing and of
/// verifying share it: one fixed signing time, the test identity, `allow-jit` for the app.
enum NativeAppSigning {
  /// One fixed time inside the test certificate's year (made when the tests start).
  static let signingTime = Date(
    timeIntervalSince1970: (Date().timeIntervalSince1970 + 3600).rounded(.down))

  /// The app's entitlements: `com.apple.security.cs.allow-jit`, as Electron asks for.
  static let entitlements = Array(
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>com.apple.security.cs.allow-jit</key>
    \t<true/>
    </dict>
    </plist>

    """.utf8)

  /// The test PKI's Developer ID identity.
  static func identity() throws -> SignerIdentity {
    try SignerIdentity.load(
      pem: TestPKI.bytes("identity.pem"), path: try TestPKI.path("identity.pem"))
  }

  /// A trust policy with the test PKI's root beside Apple's.
  static func testRootPolicy() throws -> TrustPolicy {
    try TrustPolicy(addingRootsFromPEMFiles: [TestPKI.path("root.pem")])
  }

  /// Signs the bundle (or file) at `app`, inside out.
  ///
  /// - Parameters:
  ///   - app: The bundle or Mach-O file, signed in place.
  ///   - identity: The identity; `nil` signs ad hoc.
  ///   - entitlements: The entitlements by path (`""` for the main executable).
  ///   - timestamper: Stamps each slice's CMS; `nil` for no timestamp.
  /// - Returns: What ``BundleSigner`` signed.
  /// - Throws: What ``BundleSigner/sign(_:)`` throws.
  static func sign(
    _ app: URL, identity: SignerIdentity?, entitlements: [String: [UInt8]] = ["": entitlements],
    timestamper: CodeSignatureBuilder.Timestamper? = nil
  ) async throws -> BundleSigner.Outcome {
    let signer = NativeCodeItemSigner(
      identity: identity, entitlements: entitlements, timestamper: timestamper,
      signingTime: signingTime)
    return try await BundleSigner(signer: signer).sign(app)
  }
}
