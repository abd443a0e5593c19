import CodeSigning
public import Foundation

/// The sample app as the tests need it: the README's `Examples/Hello.app`, whose executable is
/// a shell script (which only Apple's `codesign` signs, on a Mac, so `app verify` and the
/// preflight refuse it), and copies of it whose executable is Mach-O, unsigned or signed.
public enum SampleApps {
  /// `Examples/Hello.app`: the README's sample, its executable a shell script.
  public static let scriptHello = PeerPolicy.packageRoot.appendingPathComponent(
    "Examples/Hello.app"
  ).path

  /// Whether the Mach-O copies can be made: apple-platform-py writes their executable.
  public static let canMakeMachO = SigningPeers.shouldRun

  /// A copy of Hello.app at `folder/Hello.app` whose executable is a Mach-O file:
  /// apple-platform-py's synthetic x86_64 executable, unsigned.
  ///
  /// - Parameter folder: Where the copy goes.
  /// - Returns: The copy's path.
  /// - Throws: When the copy cannot be made or apple-platform-py fails.
  public static func machOHello(in folder: URL) throws -> String {
    let app = folder.appendingPathComponent("Hello.app")
    try FileManager.default.copyItem(atPath: scriptHello, toPath: app.path)
    let executable = app.appendingPathComponent("Contents/MacOS/Hello")
    try ProcessRunner.check(
      "python3",
      [
        "-c",
        "import sys; from apple_platform import macho; "
          + "open(sys.argv[1], 'wb').write(macho.create_synthetic('x86_64', 'executable'))",
        executable.path,
      ])
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o755], ofItemAtPath: executable.path)
    return app.path
  }

  /// A copy of Hello.app at `folder/Hello.app` as the notary accepts one when the test PKI's
  /// root is trusted: ``machOHello(in:)`` signed natively with the test PKI's Developer ID
  /// identity, the hardened runtime and a secure timestamp of the test PKI's authority.
  ///
  /// Async because signing is: blocking a thread of the cooperative pool on it could starve the
  /// very task that signs.
  ///
  /// - Parameter folder: Where the copy goes.
  /// - Returns: The copy's path.
  /// - Throws: When the copy cannot be made or signed.
  public static func signedHello(in folder: URL) async throws -> String {
    let app = try machOHello(in: folder)
    let identity = try SignerIdentity.load(
      pkcs12: try TestPKI.bytes("identity.p12"), password: TestPKI.password, path: "identity.p12")
    let signer = NativeCodeItemSigner(
      identity: identity, timestamper: { try TestTimestampAuthority.reply(to: $0) },
      signingTime: Date())
    _ = try await BundleSigner(signer: signer).sign(URL(fileURLWithPath: app))
    return app
  }

  /// A copy of Hello.app at `folder/Hello.app`, ``machOHello(in:)`` signed by `shipyard app
  /// sign` with the test PKI's Developer ID identity and no timestamp: its signature holds when
  /// the test root is trusted, though the notary would refuse it for the missing timestamp.
  ///
  /// - Parameter folder: Where the copy goes.
  /// - Returns: The copy's path.
  /// - Throws: When the copy cannot be made or signed.
  public static func signedHelloWithoutTimestamp(in folder: URL) throws -> String {
    let app = try machOHello(in: folder)
    try ProcessRunner.check(
      BuiltProducts.shipyard.path,
      ["app", "sign", app, "--pem", try TestPKI.path("identity.pem"), "--no-timestamp"])
    return app
  }
}
