import Digests
package import Foundation
import SystemSupport

/// Signs each Mach-O file of a bundle with Shipyard's own signer: ``MachOSigner`` placing the
/// blobs of ``MachOSignatureBuilder`` in every slice.
///
/// ```swift
/// let signer = NativeCodeItemSigner(
///   identity: identity, entitlements: ["": appEntitlements], signingTime: Date())
/// let outcome = try await BundleSigner(signer: signer).sign(appURL)
/// ```
package struct NativeCodeItemSigner: CodeItemSigner {
  /// Who signs; `nil` signs ad hoc.
  package var identity: SignerIdentity?
  /// Entitlements XML by the code's ``CodeItem/relativePath``; the key `""` stands for the signed
  /// bundle's own main executable (or the single file signed).
  package var entitlements: [String: [UInt8]]
  /// Whether every executable and library gets the hardened runtime.
  package var hardenedRuntime: Bool
  /// Stamps each slice's CMS; `nil` for no timestamp.
  package var timestamper: CodeSignatureBuilder.Timestamper?
  /// The CMS signing time of every signature.
  package var signingTime: Date

  /// Makes a signer.
  package init(
    identity: SignerIdentity?, entitlements: [String: [UInt8]] = [:], hardenedRuntime: Bool = true,
    timestamper: CodeSignatureBuilder.Timestamper? = nil, signingTime: Date
  ) {
    self.identity = identity
    self.entitlements = entitlements
    self.hardenedRuntime = hardenedRuntime
    self.timestamper = timestamper
    self.signingTime = signingTime
  }

  package func usesSHA1(_ item: CodeItem) async throws -> Bool {
    let file = try MachOFile(bytes: try Self.read(item.url), path: item.relativePath)
    return file.slices.contains { $0.macho.needsSHA1 }
  }

  package func sign(_ item: CodeItem, infoPlist: [UInt8]?, codeResources: [UInt8]?) async throws
    -> SignedCode
  {
    let request = CodeSigningRequest(
      identifier: item.identifier, identity: identity,
      entitlementsXML: entitlements(for: item), infoPlist: infoPlist,
      codeResources: codeResources, hardenedRuntime: hardenedRuntime, timestamper: timestamper,
      signingTime: signingTime)
    let builder = try MachOSignatureBuilder(request: request)
    let signed = try await MachOSigner(maker: builder).sign(
      try Self.read(item.url), path: item.relativePath)
    try Self.replace(item.url, with: signed.bytes)
    guard let first = signed.slices.first else {
      throw CodeSigningError.invalidCodeLayout("\(item.relativePath) has no slice")
    }
    var all: [[UInt8]] = []
    var usesSHA1 = false
    for slice in signed.slices {
      for blob in slice.signature.codeDirectories {
        let directory = try CodeDirectory(blob)
        usesSHA1 = usesSHA1 || directory.hashType == .sha1
        all.append(Array(directory.cdhash.prefix(20)))
      }
    }
    return SignedCode(
      cdhash: Array(first.signature.cdhash.prefix(20)),
      designatedRequirement: first.signature.designatedRequirement, allCDHashes: all,
      usesSHA1: usesSHA1, isAdHoc: identity == nil)
  }

  /// The entitlements of `item`, by its path.
  ///
  /// The key `""` stands for the signed bundle's own main executable and a single file. Only
  /// main executables take entitlements (reference §6).
  func entitlements(for item: CodeItem) -> [UInt8]? {
    if let own = entitlements[item.relativePath] { return own }
    switch item.role {
    case .mainExecutable(let bundle) where bundle.isEmpty: return entitlements[""]
    case .loose where !item.relativePath.contains("/"): return entitlements[""]
    default: return nil
    }
  }

  static func read(_ url: URL) throws -> [UInt8] {
    do {
      return Array(try Data(contentsOf: url))
    } catch {
      throw CodeSigningError.unreadableCode(path: url.path, reason: "\(error.localizedDescription)")
    }
  }

  /// Writes `bytes` over the file atomically, keeping its permissions.
  static func replace(_ url: URL, with bytes: [UInt8]) throws {
    let manager = FileManager.default
    let permissions = try manager.attributesOfItem(atPath: url.path)[.posixPermissions]
    try AtomicOutputFile.write(to: url.path) { descriptor in
      try bytes.withUnsafeBytes { try descriptor.writeAll($0) }
    }
    if let permissions {
      try manager.setAttributes([.posixPermissions: permissions], ofItemAtPath: url.path)
    }
  }

}
