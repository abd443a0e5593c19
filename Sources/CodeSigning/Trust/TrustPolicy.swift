import COpenSSL
package import Foundation

/// Which certificate chains a signature may end at, as Gatekeeper judges a Developer ID
/// signature: a chain that ends at one of Apple's roots (or a root added from a PEM file, for
/// tests and private CAs) through a Developer ID intermediate, with a Developer ID Application
/// leaf, every certificate valid at the time the signature is judged at.
///
/// ```swift
/// let policy = try TrustPolicy(addingRootsFromPEMFiles: ["ci/root.pem"])
/// let evaluation = policy.evaluate(chain: [leaf, intermediate], at: timestampTime)
/// print(evaluation.summary)  // anchored by CN=Apple Root CA, … (Apple root)
/// ```
///
/// The chain is built and checked by OpenSSL (`X509_verify_cert`) against the anchors only:
/// certificates the signature carries are untrusted intermediates, so a self-made certificate
/// named "Apple Root CA" anchors nothing. Apple's certificate extensions (the arc
/// 1.2.840.113635.100.6, which Developer ID leaves mark critical) are the only critical
/// extensions accepted that OpenSSL does not know.
package struct TrustPolicy: Sendable, Equatable {
  // MARK: - Properties

  /// The extension that marks a Developer ID Certification Authority (G1 and G2), in the
  /// leaf's issuer.
  package static let developerIDIntermediateMarker = "1.2.840.113635.100.6.2.6"
  /// The extension that marks a Developer ID Application certificate, in the leaf.
  package static let developerIDApplicationMarker = "1.2.840.113635.100.6.1.13"
  /// The extension that marks a Developer ID Installer certificate, in the leaf (critical in
  /// Apple's).
  package static let developerIDInstallerMarker = "1.2.840.113635.100.6.1.14"
  /// The extended key usage of a Developer ID Installer certificate (Apple's "package signing").
  package static let developerIDInstallerUsage = "1.2.840.113635.100.4.13"

  /// The kind of Developer ID certificate a signature's leaf must be.
  package enum SignerKind: Sendable, Equatable {
    /// Developer ID Application: code and disk images (``developerIDApplicationMarker``, code
    /// signing in its extended key usage).
    case developerIDApplication
    /// Developer ID Installer: flat installer packages (``developerIDInstallerMarker``,
    /// ``developerIDInstallerUsage`` in its extended key usage, and not the Application marker).
    case developerIDInstaller
  }

  /// The kind of leaf the policy accepts.
  package let signerKind: SignerKind

  /// Apple's roots, in DER: ``AppleRootCertificates/all``.
  package let appleRoots: [[UInt8]]
  /// The roots added from PEM files, in DER, in the order given.
  package let addedRoots: [[UInt8]]

  /// Every anchor, Apple's first.
  package var anchors: [[UInt8]] { appleRoots + addedRoots }

  // MARK: - Lifecycle

  /// A policy trusting Apple's roots only, as Gatekeeper does.
  package init() {
    self.init(appleRoots: AppleRootCertificates.all, addedRoots: [])
  }

  /// A policy trusting Apple's roots and those of the PEM files at `paths`.
  ///
  /// - Parameter paths: PEM files, each with one or more self-signed root certificates.
  /// - Throws: ``TrustPolicyError`` naming the file that cannot be read, holds no certificate
  ///   or holds one that is not self-signed.
  package init(addingRootsFromPEMFiles paths: [String]) throws(TrustPolicyError) {
    var added: [[UInt8]] = []
    for path in paths {
      let bytes: Data
      do {
        bytes = try Data(contentsOf: URL(fileURLWithPath: path))
      } catch {
        throw .unreadable(path: path, reason: error.localizedDescription)
      }
      added += try Self.roots(inPEM: Array(bytes), path: path)
    }
    self.init(appleRoots: AppleRootCertificates.all, addedRoots: added)
  }

  /// A policy with exactly these anchors.
  init(
    appleRoots: [[UInt8]], addedRoots: [[UInt8]], signerKind: SignerKind = .developerIDApplication
  ) {
    self.appleRoots = appleRoots
    self.addedRoots = addedRoots
    self.signerKind = signerKind
  }

  /// The same anchors, for a leaf of `kind`: ``SignerKind/developerIDInstaller`` judges an
  /// installer package's signature.
  package func requiring(_ kind: SignerKind) -> TrustPolicy {
    TrustPolicy(appleRoots: appleRoots, addedRoots: addedRoots, signerKind: kind)
  }

  // MARK: - API

  /// Judges a signature's certificates: whether they chain to an anchor through a Developer ID
  /// intermediate, with a Developer ID Application leaf, all valid at `date`.
  ///
  /// - Parameters:
  ///   - certificatesDER: The signer's certificate first, then the others the signature
  ///     carries, in any order (a root among them is ignored unless it is an anchor).
  ///   - date: The time to judge at (a timestamp's time), or `nil` for now.
  /// - Returns: The root that anchored the chain, or why none did.
  package func evaluate(chain certificatesDER: [[UInt8]], at date: Date?) -> TrustEvaluation {
    let date = date ?? Date()
    let certificates = certificatesDER.map(X509Certificate.init(der:))
    guard let first = certificates.first else {
      return .refused("the signature carries no certificate", path: [], date: date)
    }
    guard let leaf = first, certificates.allSatisfy({ $0 != nil }) else {
      return .refused("a certificate of the signature cannot be parsed", path: [], date: date)
    }
    let built = ChainBuilder(anchors: anchors).build(
      leaf: leaf, untrusted: certificates.dropFirst().compactMap { $0 }, at: date)
    let path = built.chain.map(\.subject)
    if let problem = built.problem { return .refused(problem, path: path, date: date) }
    if let problem = Self.developerIDProblem(built.chain, kind: signerKind) {
      return .refused(problem, path: path, date: date)
    }
    guard let root = built.chain.last else {
      return .refused("no chain was built", path: path, date: date)
    }
    return .trusted(
      anchor: root.subject, isApple: appleRoots.contains(root.der), path: path, date: date)
  }

  /// The words of a chain's problem when it ends at a root the policy does not trust, which a
  /// caller may look for to say how to trust it.
  package static let untrustedRootWords = "not an Apple root"

  // MARK: - Implementation

  /// Why a chain that holds is still not a Developer ID one: the leaf's marker, code signing in
  /// its extended key usage, and the marker of the leaf's issuer (an intermediate, not the root).
  static func developerIDProblem(_ chain: [X509Certificate], kind: SignerKind) -> String? {
    guard let leaf = chain.first else { return "no chain was built" }
    if let problem = leafProblem(leaf, kind: kind) { return problem }
    guard chain.count >= 3 else {
      return "leaf is issued by the root \(chain.last?.subject ?? "?") itself, not through a "
        + "Developer ID Certification Authority"
    }
    guard chain[1].hasExtension(developerIDIntermediateMarker) else {
      return "leaf's issuer is not a Developer ID Certification Authority (no extension "
        + "\(developerIDIntermediateMarker)): \(chain[1].subject)"
    }
    return nil
  }

  /// Why `leaf` is not a certificate of `kind`, or `nil` when it is.
  static func leafProblem(_ leaf: X509Certificate, kind: SignerKind) -> String? {
    switch kind {
    case .developerIDApplication:
      guard leaf.hasExtension(developerIDApplicationMarker) else {
        return "leaf is not a Developer ID Application certificate (no extension "
          + "\(developerIDApplicationMarker)): \(leaf.subject)"
      }
      guard leaf.maySignCode else {
        return "leaf's extended key usage does not include code signing: \(leaf.subject)"
      }
    case .developerIDInstaller:
      guard !leaf.hasExtension(developerIDApplicationMarker) else {
        return "leaf is a Developer ID Application certificate (extension "
          + "\(developerIDApplicationMarker)), not a Developer ID Installer one: \(leaf.subject)"
      }
      guard leaf.hasExtension(developerIDInstallerMarker) else {
        return "leaf is not a Developer ID Installer certificate (no extension "
          + "\(developerIDInstallerMarker)): \(leaf.subject)"
      }
      guard leaf.extendedKeyUsages.contains(developerIDInstallerUsage) else {
        return "leaf's extended key usage does not include package signing "
          + "(\(developerIDInstallerUsage)): \(leaf.subject)"
      }
    }
    return nil
  }

  /// The self-signed certificates of a PEM file, in DER.
  static func roots(inPEM bytes: [UInt8], path: String) throws(TrustPolicyError) -> [[UInt8]] {
    var certificates: [X509Certificate] = []
    _ = OpenSSL.withMemoryBIO(bytes) { bio in
      while let pointer = PEM_read_bio_X509(bio, nil, nil, nil) {
        if let certificate = X509Certificate(referencing: pointer) {
          certificates.append(certificate)
        }
        X509_free(pointer)
      }
    }
    ERR_clear_error()  // the loop ends on "no start line"
    guard !certificates.isEmpty else { throw .noCertificate(path: path) }
    if let other = certificates.first(where: { !$0.isSelfSigned }) {
      throw .notARoot(path: path, subject: other.subject)
    }
    return certificates.map(\.der)
  }
}
