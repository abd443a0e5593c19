import CodeSigning
import Digests
import Foundation
import ShipyardTestSupport

/// Code and its signature made with CodeSigning's builders alone, as DMGSigner signs an image but
/// with no image: bytes in a file, signed with the test PKI's Developer ID-style identity.
struct SignedCode {
  /// The code file's path.
  let path: String
  /// The code's bytes.
  let code: [UInt8]
  /// The signature the builder made.
  let signature: CodeSignatureBuilder.Signature

  /// A minute from now, inside the test certificates' validity.
  static let signingTime = Date().addingTimeInterval(60)

  /// The signature's superblob, read back.
  var superblob: EmbeddedSignature {
    get throws { try EmbeddedSignature(signature.superblob) }
  }

  /// Apple's roots and the test PKI's, which the test identities chain to.
  static func policy() throws -> TrustPolicy {
    try TrustPolicy(addingRootsFromPEMFiles: [try TestPKI.path("root.pem")])
  }

  /// The identity of a PKI file (`identity.p12`, `identity-legacy.p12`, `expired.p12`).
  static func identity(_ file: String = "identity.p12") throws -> SignerIdentity {
    try SignerIdentity.load(pkcs12: try TestPKI.bytes(file), password: TestPKI.password, path: file)
  }

  /// Writes 200,000 bytes of code to `folder` and signs them as `com.example.code`; `codeLimit`
  /// may claim more or fewer bytes than the file has.
  static func make(
    in folder: ScratchFolder, codeLimit: Int64? = nil, identity: SignerIdentity? = nil,
    timestamp: CodeSignatureBuilder.Timestamper? = nil, signingTime: Date = signingTime
  ) async throws -> SignedCode {
    let code = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
    let file = try folder.write(code, to: "code.bin")
    let builder = try CodeSignatureBuilder(
      identity: try identity ?? Self.identity(), timestamp: timestamp, signingTime: signingTime)
    let signature = try await builder.sign(
      identifier: "com.example.code", codeLimit: codeLimit ?? Int64(code.count),
      codeDigest: DigestAlgorithm.sha256.digest(code), specialDigests: [:])
    return SignedCode(path: file.path, code: code, signature: signature)
  }
}
