import Foundation
import ShipyardTestSupport
import Testing

/// `dmg verify` trusts Apple's roots only, unless `--trust-root` or `$SHIPYARD_TRUST_ROOTS` adds
/// others; the text and the JSON name the root that anchored the chain.
@Suite(.enabled(if: SigningPeers.shouldRun, "needs python3 with apple-platform-py, and openssl"))
struct TrustRootCommandTests {
  static let testRoot = "CN=Shipyard Test Root CA, O=Shipyard Test, C=US"

  /// Hello.dmg built and signed natively with the test PKI, without a timestamp, once; the app
  /// in it signed with the test PKI too.
  static let signedImage = Result { () throws -> String in
    let folder = try ScratchFolder()
    let image = folder.path("Hello.dmg")
    let app = try SampleApps.signedHelloWithoutTimestamp(in: folder.url)
    for arguments in [
      ["dmg", "build", app, "-o", image],
      [
        "dmg", "sign", image, "--engine", "native", "--pem", try TestPKI.path("identity.pem"),
        "--no-timestamp",
      ],
    ] {
      _ = try ProcessRunner.check(BuiltProducts.shipyard.path, arguments)
    }
    return image
  }

  /// `dmg verify` of the signed image, with `environment` and `arguments` added.
  func verify(_ arguments: [String] = [], environment: [String] = []) throws
    -> ProcessRunner.Output
  {
    try ProcessRunner.run(
      "env",
      ["PATH=/usr/bin:/bin"] + environment
        + [BuiltProducts.shipyard.path, "dmg", "verify", try Self.signedImage.get()] + arguments)
  }

  @Test func withoutTheTestRootTheImageIsRefusedNamingItsRoot() throws {
    let run = try verify()
    #expect(run.status == 1)
    #expect(
      run.standardError.contains("chain ends at \(Self.testRoot), not an Apple root"),
      "\(run.standardError)")
    // And says how to trust a private CA's root.
    #expect(
      run.standardError.contains(
        "if it is your own CA's, trust it with --trust-root <root.pem> or "
          + "SHIPYARD_TRUST_ROOTS=<root.pem>"), "\(run.standardError)")
    #expect(
      String(decoding: run.standardOutput, as: UTF8.self).contains("anchored by: no trusted root"))
  }

  /// The app is signed without a timestamp, which the notary refuses: `--integrity-only`
  /// checks the signatures and their chains alone.
  @Test func theTestRootGivenAnchorsTheChain() throws {
    let root = try TestPKI.path("root.pem")
    for run in [
      try verify(["--trust-root", root, "--integrity-only"]),
      try verify(["--integrity-only"], environment: ["SHIPYARD_TRUST_ROOTS=\(root)"]),
    ] {
      #expect(run.status == 0, "\(run.standardError)")
      let text = String(decoding: run.standardOutput, as: UTF8.self)
      #expect(text.contains("  anchored by: \(Self.testRoot) (added root)"), "\(text)")
      #expect(text.contains("ok   certificate chain: anchored by \(Self.testRoot) (added root)"))
    }
    let json = try verify(["--trust-root", root, "--json"])
    let report = try JSONSerialization.jsonObject(with: json.standardOutput) as? [String: Any]
    let signature = report?["signature"] as? [String: Any]
    #expect(signature?["anchor"] as? String == Self.testRoot)
    #expect(signature?["anchorIsApple"] as? Bool == false)
    #expect(report?["valid"] as? Bool == true)
  }

  @Test func aRootFileThatCannotAnchorIsAUsageError() throws {
    let run = try verify(["--trust-root", try TestPKI.path("intermediate.pem")])
    #expect(run.status == 64)
    #expect(
      run.standardError.contains("is not a self-signed root certificate"), "\(run.standardError)")
    let missing = try verify(environment: ["SHIPYARD_TRUST_ROOTS=/nonexistent/root.pem"])
    #expect(missing.status == 64)
    #expect(missing.standardError.contains("cannot read the trust root /nonexistent/root.pem"))
  }
}
