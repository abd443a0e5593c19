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
  /// Whether a file keeps the entitlements of its former signature when none are given for it.
  package var preservesEntitlements: Bool
  /// Stamps each slice's CMS; `nil` for no timestamp.
  package var timestamper: CodeSignatureBuilder.Timestamper?
  /// The CMS signing time of every signature.
  package var signingTime: Date

  /// Makes a signer.
  package init(
    identity: SignerIdentity?, entitlements: [String: [UInt8]] = [:], hardenedRuntime: Bool = true,
    preservesEntitlements: Bool = true, timestamper: CodeSignatureBuilder.Timestamper? = nil,
    signingTime: Date
  ) {
    self.identity = identity
    self.entitlements = entitlements
    self.hardenedRuntime = hardenedRuntime
    self.preservesEntitlements = preservesEntitlements
    self.timestamper = timestamper
    self.signingTime = signingTime
  }

  /// Always: each signed file is written anew and renamed over the old one.
  package var replacesFiles: Bool { true }

  package func sign(_ item: CodeItem, bundle: BundleBinding?) async throws -> SignedCode {
    let source = try Self.open(item.url)
    defer { source.descriptor.close() }
    let file: MachOFile
    do {
      file = try MachOFile(bytes: try Self.read(source), path: item.relativePath)
    } catch let error as MachOError {
      throw MachOSigningError.unreadable(error)
    }
    let kept = kept(from: PreservedMetadata(file), for: item)
    let request = CodeSigningRequest(
      identifier: kept.identifier ?? item.identifier, identity: identity,
      entitlementsXML: entitlements(for: item) ?? kept.entitlementsXML,
      infoPlist: bundle?.infoPlist,
      codeResources: try await bundle?.seal(file.needsSHA1), hardenedRuntime: hardenedRuntime,
      timestamper: timestamper, signingTime: signingTime)
    let builder = try MachOSignatureBuilder(request: request)
    let signed = try await MachOSigner(maker: builder).sign(file)
    try Self.replace(item.url, permissions: source.status.permissions) { descriptor in
      try signed.write(to: descriptor, copyingFrom: source.descriptor)
      // Checked before the signed file takes the old one's place: what was hashed is what was
      // copied.
      guard try source.descriptor.status() == source.status else {
        throw CodeSigningError.unreadableCode(
          path: item.url.path, reason: "it changed while it was being signed")
      }
    }
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
      usesSHA1: usesSHA1, isAdHoc: identity == nil, kept: kept)
  }

  /// What of the former signature `existing` the new signature of `item` keeps: the identifier
  /// when the item's own was only made from its file name, the entitlements when none are given
  /// for the item and ``preservesEntitlements`` is set.
  func kept(from existing: PreservedMetadata, for item: CodeItem) -> PreservedMetadata {
    PreservedMetadata(
      identifier: item.identifierIsFromFileName ? existing.identifier : nil,
      entitlementsXML: preservesEntitlements && entitlements(for: item) == nil
        ? existing.entitlementsXML : nil)
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

  /// Opens the file to sign, with its status then.
  static func open(_ url: URL) throws -> (descriptor: FileDescriptor, status: FileStatus) {
    do {
      let descriptor = try FileDescriptor.openForReading(url.path)
      do {
        return (descriptor, try descriptor.status())
      } catch {
        descriptor.close()
        throw error
      }
    } catch {
      throw CodeSigningError.unreadableCode(path: url.path, reason: "\(error)")
    }
  }

  /// Reads the whole of the file `source` opened.
  static func read(_ source: (descriptor: FileDescriptor, status: FileStatus)) throws -> [UInt8] {
    do {
      return try source.descriptor.read(at: 0, count: Int(source.status.size))
    } catch {
      throw CodeSigningError.unreadableCode(path: source.descriptor.path, reason: "\(error)")
    }
  }

  /// Writes the file anew through `body` and renames it over the old one; the new file has the
  /// old one's `permissions` before it takes its place.
  static func replace(
    _ url: URL, permissions: UInt32, _ body: (FileDescriptor) throws -> Void
  ) throws {
    try AtomicOutputFile.write(to: url.path) { descriptor in
      guard fchmod(descriptor.rawValue, mode_t(permissions)) == 0 else {
        throw SystemError("chmod", path: url.path)
      }
      try body(descriptor)
    }
  }
}
