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

extension NativeEngine {
  /// The native builder writes SHA-1 or SHA-256 checksums: it builds whatever the options ask.
  package func validate(_ options: PackageBuildOptions) throws {}

  /// Builds the package with ``PackageBuilder``, natively on any OS.
  ///
  /// - Throws: What ``PackageBuilder/build(_:to:options:)`` throws; nothing is left at `output`
  ///   then.
  package func buildPackage(_ source: String, to output: String, options: PackageBuildOptions)
    async throws -> PackageBuilder.Summary
  {
    try PackageBuilder.build(source, to: output, options: options)
  }
}
