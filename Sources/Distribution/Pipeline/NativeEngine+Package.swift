import CodeSigning
import Foundation

extension NativeEngine {
  /// Signs the package at `input` into `output` with `identity` (a Developer ID Installer
  /// certificate and key in a file): the RSA signature over the table of contents' digest and
  /// the CMS signature, timestamped by the configuration's time-stamp authority.
  ///
  /// - Throws: An error naming the identity file, an identity that is not an Installer one, the
  ///   time-stamp authority, or the package when it cannot be read or written; `output` is left
  ///   as it was then.
  package func signPackage(_ input: String, to output: String, identity: SigningIdentity)
    async throws
  {
    let signer = try loadIdentity(identity, validAt: now())
    try await PackageSigner(identity: signer, timestamp: timestamper(), now: now)
      .sign(input, to: output)
  }
}
