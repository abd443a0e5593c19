/// Why a signature could not be made: each case names the file or the part at fault.
///
/// No case ever carries a password or key material.
public enum CodeSigningError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The identity file cannot be read or parsed.
  case unreadableIdentity(path: String, reason: String)
  /// The PKCS#12 password does not open the file (its MAC does not verify).
  case wrongPassword(path: String)
  /// The PKCS#12 file is protected by a password, and none was given.
  case passwordNeeded(path: String)
  /// The PKCS#12 file uses ciphers this OpenSSL cannot run (the legacy provider is missing).
  case legacyCipherUnavailable(path: String, reason: String)
  /// The file holds a certificate but no private key for it.
  case missingPrivateKey(path: String)
  /// The file holds a private key but no certificate for it.
  case missingCertificate(path: String)
  /// The certificate is outside its validity period.
  case certificateNotValidNow(subject: String, notBefore: String, notAfter: String)
  /// The identity file was read but cannot sign (its certificate is outside its validity
  /// period, as `reason` says).
  case unusableIdentity(path: String, reason: String)
  /// The identity holds its certificate but not the certificate of its issuer.
  case missingIssuer(subject: String, issuer: String)
  /// The identity cannot sign installer packages: its certificate is not a Developer ID
  /// Installer one (a Developer ID Application certificate, say), or its key is not RSA.
  case notAnInstallerIdentity(subject: String, reason: String)
  /// The certificate carries no organizational unit (the team ID).
  case missingTeamIdentifier(subject: String)
  /// The entitlements cannot be read or encoded.
  case invalidEntitlements(EntitlementsError)
  /// What the Mach-O layer passed does not describe code that can be signed (code bytes that
  /// are not `[0, codeLimit)`, a page size other than 4096 or 16384).
  case invalidCodeLayout(String)
  /// A file to sign cannot be read.
  case unreadableCode(path: String, reason: String)
  /// OpenSSL failed while signing.
  case signingFailed(String)
  /// The timestamp authority's answer could not be used.
  case timestampFailed(String)

  /// A sentence naming the problem.
  public var description: String {
    switch self {
    case .unreadableIdentity(let path, let reason): "cannot read the identity \(path): \(reason)"
    case .wrongPassword(let path):
      "the password does not open \(path) (wrong PKCS#12 password)"
    case .passwordNeeded(let path):
      "\(path) is protected by a password, and none was given"
    case .legacyCipherUnavailable(let path, let reason):
      "\(path) is encrypted with legacy ciphers (RC2/3DES, as Keychain Access exports) and "
        + "OpenSSL's legacy provider could not be loaded: \(reason)"
    case .missingPrivateKey(let path):
      "\(path) holds a certificate but not its private key (export the identity, not just the certificate)"
    case .missingCertificate(let path):
      "\(path) holds a private key but no certificate for it"
    case .certificateNotValidNow(let subject, let notBefore, let notAfter):
      "the certificate \(subject) is valid from \(notBefore) to \(notAfter), not now: "
        + "renew it in your Apple Developer account"
    case .unusableIdentity(let path, let reason): "the identity \(path) cannot sign: \(reason)"
    case .missingIssuer(let subject, let issuer):
      "it holds the certificate \(subject) but not that of its issuer, \(issuer), so no "
        + "verifier could link the signature to a root: export it with its chain (openssl pkcs12 "
        + "-export -inkey key.pem -in certificate.pem -certfile chain.pem, the issuing CAs in "
        + "chain.pem) and sign again"
    case .notAnInstallerIdentity(let subject, let reason):
      "the certificate \(subject) cannot sign installer packages: \(reason); sign them with a "
        + "Developer ID Installer certificate"
    case .missingTeamIdentifier(let subject):
      "the certificate \(subject) has no organizational unit (OU), so it names no team ID"
    case .invalidEntitlements(let error): error.description
    case .invalidCodeLayout(let reason): "cannot sign the code: \(reason)"
    case .unreadableCode(let path, let reason): "cannot read \(path): \(reason)"
    case .signingFailed(let reason): "signing failed: \(reason)"
    case .timestampFailed(let reason): "timestamp failed: \(reason)"
    }
  }
}
