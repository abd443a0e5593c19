import CodeSigning
import Distribution
import Foundation
import ShipyardTestSupport
import Testing

/// Identities and API keys held in memory (``SecretBytes``): the native engine loads them as it
/// loads their files, its errors naming their origin; Apple's tools and rcodesign, which read
/// credentials from files, refuse them before running anything.
@Suite(.enabled(if: SigningPeers.shouldRun, "needs python3 with apple-platform-py, and openssl"))
struct InMemoryCredentialTests {
  let engine = NativeEngine.live(configuration: .apple)

  /// A PKI file's bytes, held in memory as `$P12`.
  func p12(_ name: String = "identity.p12") throws -> SecretBytes {
    SecretBytes(try TestPKI.bytes(name), origin: "$P12")
  }

  /// A new EC P-256 key as App Store Connect makes them: the `.p8`'s PEM text and its DER.
  static func p8() throws -> (pem: [UInt8], der: [UInt8]) {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let ec = try TestAPIKey.write(to: folder.path("p8"))
    let der = try ProcessRunner.check(
      "openssl", ["pkcs8", "-topk8", "-nocrypt", "-in", ec, "-outform", "DER"])
    return (Array(try Data(contentsOf: folder.file("p8"))), Array(der))
  }

  /// `bytes` as an API key held in memory, as `$ASC_KEY`.
  static func key(_ bytes: [UInt8]) -> NotaryCredentials {
    .apiKeyBytes(SecretBytes(bytes, origin: "$ASC_KEY"), keyID: "TESTKEY123", issuer: "issuer")
  }

  @Test func theNativeEngineSignsWithAP12HeldInMemory() throws {
    let password = Secret(TestPKI.password)
    try engine.validate(.p12Bytes(try p12(), password: password))
    try engine.validate(.p12Bytes(try p12("identity-legacy.p12"), password: password))
    let passwordFile = try ScratchFolder()
    defer { passwordFile.remove() }
    let file = try passwordFile.write(Array("\(TestPKI.password)\n".utf8), to: "password")
    try engine.validate(.p12Bytes(try p12(), passwordFile: file.path))
  }

  @Test func p12ErrorsNameTheOriginNeverTheBytes() throws {
    #expect(throws: CodeSigningError.wrongPassword(path: "$P12")) {
      try engine.validate(.p12Bytes(try p12(), password: Secret("Wr0ng")))
    }
    #expect(throws: CodeSigningError.passwordNeeded(path: "$P12")) {
      try engine.validate(.p12Bytes(try p12()))
    }
    #expect(throws: CodeSigningError.missingPrivateKey(path: "$P12")) {
      try engine.validate(
        .p12Bytes(try p12("certificate-only.p12"), password: Secret(TestPKI.password)))
    }
    #expect {
      try engine.validate(.p12Bytes(SecretBytes(Array("0123456789".utf8), origin: "$P12")))
    } throws: {
      "\($0)".hasPrefix("cannot read the identity $P12: not a PKCS#12 file")
        && !"\($0)".contains("0123456789")
    }
    #expect {
      try engine.validate(.p12Bytes(try p12("expired.p12"), password: Secret(TestPKI.password)))
    } throws: {
      "\($0)".hasPrefix("the identity $P12 cannot sign: the certificate")
    }
  }

  @Test func theNativeEngineTakesAnAPIKeyHeldInMemoryAsPEMOrDER() throws {
    let (pem, der) = try Self.p8()
    try engine.validate(Self.key(pem))
    try engine.validate(Self.key(der))
    #expect {
      try engine.validate(Self.key(try TestPKI.bytes("leaf.key")))
    } throws: {
      "\($0)"
        == "cannot use the API key $ASC_KEY: not an EC P-256 key, as App Store Connect keys are"
    }
    #expect {
      try engine.validate(Self.key(Array("not a key".utf8)))
    } throws: {
      "\($0)".hasPrefix("cannot use the API key $ASC_KEY: no private key in it, PEM or DER")
    }
  }

  @Test func appleToolsAndRcodesignRefuseThemBeforeRunningAnything() async throws {
    let tools = try FakeToolbox()
    defer { tools.remove() }
    let key = Self.key(Array("key-material".utf8))
    let identity = SigningIdentity.p12Bytes(try p12(), password: Secret(TestPKI.password))
    let apple = AppleEngine(runner: tools.runner)
    #expect(throws: PipelineError.apiKeyFileRequired(engine: "apple")) { try apple.validate(key) }
    await #expect(throws: PipelineError.apiKeyFileRequired(engine: "apple")) {
      try await apple.history(credentials: key)
    }
    await #expect(throws: PipelineError.certificateFileUnsupported(engine: "apple")) {
      try await apple.sign(tools.image, identity: identity)
    }
    let rcodesign = RCodesignEngine(runner: tools.runner)
    #expect(throws: PipelineError.apiKeyFileRequired(engine: "rcodesign")) {
      try rcodesign.validate(key)
    }
    #expect(throws: PipelineError.identityFileRequired(engine: "rcodesign")) {
      try rcodesign.validate(identity)
    }
    await #expect(throws: PipelineError.identityFileRequired(engine: "rcodesign")) {
      try await rcodesign.sign(tools.image, identity: identity)
    }
    await #expect(throws: PipelineError.apiKeyFileRequired(engine: "rcodesign")) {
      _ = try await rcodesign.log(of: "2efe2717-52ef-43a5-96dc-0797e4ca1041", credentials: key)
    }
    #expect(tools.calls.isEmpty, "\(tools.calls)")
  }
}
