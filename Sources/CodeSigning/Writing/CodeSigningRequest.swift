package import Foundation

/// What to sign one piece of code as: who signs, under which identifier, with which entitlements,
/// and which bundle files the signature binds.
///
/// The same request signs every slice of a universal binary.
package struct CodeSigningRequest: Sendable {
  /// The signing identifier (a bundle's `CFBundleIdentifier`, a helper's file name).
  package var identifier: String
  /// Who signs; `nil` signs ad hoc (no certificate, no CMS, no team).
  package var identity: SignerIdentity?
  /// The entitlements property list, XML as the user wrote it; `nil` for none.
  package var entitlementsXML: [UInt8]?
  /// The bundle's `Info.plist` bytes, bound in special slot 1; `nil` outside a bundle.
  package var infoPlist: [UInt8]?
  /// The bundle's `_CodeSignature/CodeResources` bytes, bound in special slot 3.
  package var codeResources: [UInt8]?
  /// Whether to set the hardened-runtime flag (0x10000).
  package var hardenedRuntime: Bool
  /// Stamps the CMS signature through an RFC 3161 authority; `nil` for no timestamp.
  package var timestamper: CodeSignatureBuilder.Timestamper?
  /// The CMS signing time.
  package var signingTime: Date

  /// Makes a request.
  package init(
    identifier: String, identity: SignerIdentity?, entitlementsXML: [UInt8]? = nil,
    infoPlist: [UInt8]? = nil, codeResources: [UInt8]? = nil, hardenedRuntime: Bool = true,
    timestamper: CodeSignatureBuilder.Timestamper? = nil, signingTime: Date
  ) {
    self.identifier = identifier
    self.identity = identity
    self.entitlementsXML = entitlementsXML
    self.infoPlist = infoPlist
    self.codeResources = codeResources
    self.hardenedRuntime = hardenedRuntime
    self.timestamper = timestamper
    self.signingTime = signingTime
  }
}
