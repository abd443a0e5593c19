package import CodeSigning

/// The roots a signature's certificate chain may end at: Apple's (Apple Root CA, G2 and G3,
/// built in), plus roots added from PEM files for tests and private CAs.
///
/// A signature holds only when its chain ends at one of them through a Developer ID
/// Certification Authority, with a Developer ID Application leaf, as Gatekeeper requires:
///
/// ```swift
/// let roots = try TrustRoots(addingPEMFiles: ["ci/test-root.pem"])
/// let verification = try DMGVerification(path: "dist/MyApp.dmg", trustRoots: roots)
/// print(verification.signature.anchor ?? "not anchored")
/// ```
public struct TrustRoots: Sendable, Equatable {
  /// Apple's roots only, as Gatekeeper trusts.
  public static let apple = TrustRoots(pemFiles: [], policy: TrustPolicy())

  /// The PEM files whose roots were added, in the order given.
  public let pemFiles: [String]
  /// The policy the checks run.
  package let policy: TrustPolicy

  /// Apple's roots and the self-signed root certificates of the PEM files at `paths`.
  ///
  /// - Parameter paths: PEM files, each holding one or more root certificates.
  /// - Throws: An error naming the file that cannot be read, holds no certificate, or holds one
  ///   that is not self-signed.
  public init(addingPEMFiles paths: [String]) throws {
    self.init(pemFiles: paths, policy: try TrustPolicy(addingRootsFromPEMFiles: paths))
  }

  private init(pemFiles: [String], policy: TrustPolicy) {
    self.pemFiles = pemFiles
    self.policy = policy
  }
}
