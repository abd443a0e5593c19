import Digests
import Foundation
import XarArchive

/// Signs flat installer packages with OpenSSL's command line instead of Shipyard's signer.
///
/// The RSA signature is made by `openssl pkeyutl`, the CMS by `openssl cms -sign` (no
/// timestamp), laid out by `XarSigner`: a second implementation of the signatures, and a way to make packages that
/// Shipyard refuses to sign, such as one signed by a Developer ID Application leaf.
///
/// ```swift
/// try await OpenSSLPackageSigner(pki: folder.url.path, leaf: "leaf").sign(unsigned, to: signed)
/// ```
public struct OpenSSLPackageSigner: Sendable {
  /// The folder holding the test PKI's files (`<leaf>.pem`, `<leaf>.key`, `intermediate.pem`,
  /// `root.pem`, `chain.pem`).
  public let pki: String
  /// The leaf's name in that folder: `installer-leaf`, or `leaf` for the Application one.
  public let leaf: String
  /// Whether the RSA signature is over the digest's digest (rcodesign's older form) instead of
  /// the digest itself.
  public let overDigestOfDigest: Bool

  /// A signer with `leaf` from the PKI in `pki`.
  public init(pki: String, leaf: String, overDigestOfDigest: Bool = false) {
    self.pki = pki
    self.leaf = leaf
    self.overDigestOfDigest = overDigestOfDigest
  }

  /// Signs the package at `input` into `output`.
  ///
  /// - Throws: When OpenSSL fails or the package does not read.
  public func sign(_ input: String, to output: String) async throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let certificates = try ["\(leaf).pem", "intermediate.pem", "root.pem"].map { name in
      Array(
        try ProcessRunner.check(
          "openssl", ["x509", "-in", "\(pki)/\(name)", "-outform", "DER"]))
    }
    let key = "\(pki)/\(leaf).key"
    try await XarSigner(certificates: certificates, rsaSize: 256, cmsSize: 6000).sign(
      input, to: output
    ) { digest, algorithm in
      let signed = try scratch.write(
        overDigestOfDigest ? algorithm.digest(digest) : digest, to: "input.bin")
      let content = try scratch.write(digest, to: "content.bin")
      let rsa = try ProcessRunner.check(
        "openssl",
        ["pkeyutl", "-sign", "-inkey", key, "-pkeyopt", "digest:sha1", "-in", signed.path])
      let cms = try ProcessRunner.check(
        "openssl",
        [
          "cms", "-sign", "-binary", "-outform", "DER", "-in", content.path, "-signer",
          "\(pki)/\(leaf).pem", "-inkey", key, "-certfile", "\(pki)/chain.pem", "-md", "sha256",
        ])
      return XarSigner.Signatures(rsa: Array(rsa), cms: Array(cms))
    }
  }
}
