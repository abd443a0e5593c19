import Digests
package import Foundation

/// Signs one Mach-O file in place and says what a parent seal records of it.
///
/// ``BundleSigner`` drives it item by item, in the order of a ``SigningPlan``: loose code first
/// (with no bundle files), then each bundle's main executable with the bundle's `Info.plist` and
/// its `_CodeSignature/CodeResources`, written when the signer asks for it, which the signature
/// binds in special slots 1 and 3 (reference §13).
package protocol CodeItemSigner: Sendable {
  /// Whether signing only ever *replaces* a file (writes a new one and renames it over the old)
  /// and never writes into an existing file.
  ///
  /// When it does, ``BundleSigner`` stages the bundle with hard links to the original's files
  /// instead of copying every byte of them: a replaced file gets a new inode in the staging
  /// copy, so the original's never changes. A signer that writes in place must answer `false`.
  var replacesFiles: Bool { get }

  /// Signs `item` in place, every slice.
  ///
  /// For a bundle's main executable the signer decides the hash types from the file it reads,
  /// then asks `bundle` for the seal (which then carries SHA-1 hashes or not, to match) and
  /// binds it with the `Info.plist` in special slots 1 and 3.
  ///
  /// - Parameters:
  ///   - item: The file and what to sign it as.
  ///   - bundle: What a bundle's main executable binds; `nil` for loose code.
  /// - Returns: What a parent bundle's seal records of the signed file.
  /// - Throws: Whatever keeps the file from being signed, naming it; the bundle signer then
  ///   discards its staging copy.
  func sign(_ item: CodeItem, bundle: BundleBinding?) async throws -> SignedCode
}

/// One Mach-O file to sign: where it is, what it is called in its bundle, and what it is.
package struct CodeItem: Sendable, Equatable, CustomStringConvertible {
  /// The file to sign (inside the staging copy while ``BundleSigner`` signs).
  package var url: URL
  /// The file's path from the signed bundle's folder (`X.app`), such as
  /// `Contents/Frameworks/X.framework/Versions/A/X`; the file name for a single binary.
  package var relativePath: String
  /// The signing identifier (reference §9).
  package var identifier: String
  /// Whether ``identifier`` was made from the file's name because nothing gave one (no
  /// `CFBundleIdentifier`, no identifier option): an existing signature's identifier is then
  /// kept when the file is signed again.
  package var identifierIsFromFileName: Bool
  /// Whether the file is a bundle's main executable or loose code.
  package var role: CodeItemRole

  /// Makes an item.
  package init(
    url: URL, relativePath: String, identifier: String, role: CodeItemRole,
    identifierIsFromFileName: Bool = false
  ) {
    self.url = url
    self.relativePath = relativePath
    self.identifier = identifier
    self.identifierIsFromFileName = identifierIsFromFileName
    self.role = role
  }

  /// The item as a plan prints it: `Contents/MacOS/X (com.example.x, main executable of …)`.
  package var description: String { "\(relativePath) (\(identifier), \(role))" }
}

/// What a Mach-O file is to its bundle.
package enum CodeItemRole: Sendable, Equatable, CustomStringConvertible {
  /// The main executable (`CFBundleExecutable`) of the bundle whose folder is at
  /// `bundleRelativePath` from the signed bundle's folder: `""` for the signed bundle itself,
  /// `Contents/Frameworks/X.framework/Versions/A` for a framework version,
  /// `Contents/Frameworks/X Helper.app` for a helper app.
  case mainExecutable(bundleRelativePath: String)
  /// Code that is no bundle's main executable: a dylib, a helper tool, a `.node` module, a
  /// Mach-O file in `Resources`, or a single binary signed on its own.
  case loose

  /// `main executable of <path>` or `loose code`.
  package var description: String {
    switch self {
    case .mainExecutable(let path): "main executable of \(path.isEmpty ? "the bundle" : path)"
    case .loose: "loose code"
    }
  }
}

/// What signing one Mach-O file made, as far as a parent bundle's seal needs it.
package struct SignedCode: Sendable, Equatable {
  /// The first 20 bytes of the SHA-256 code directory's hash, of slice 0.
  package var cdhash: [UInt8]
  /// The designated requirement as text (as `codesign -d -r-` prints it).
  package var designatedRequirement: String
  /// The 20-byte cdhash of every code directory of every slice, in slice then slot order:
  /// an ad hoc seal's requirement names them all.
  package var allCDHashes: [[UInt8]]
  /// Whether the signature's code directories include SHA-1 ones.
  package var usesSHA1: Bool
  /// Whether the signature is ad hoc (no certificate).
  package var isAdHoc: Bool
  /// What the file's former signature carried that the new one keeps (``PreservedMetadata``):
  /// the identifier when it replaced the one made from the file's name, the entitlements when
  /// none were given.
  package var kept: PreservedMetadata

  /// Makes a record.
  package init(
    cdhash: [UInt8], designatedRequirement: String, allCDHashes: [[UInt8]], usesSHA1: Bool,
    isAdHoc: Bool, kept: PreservedMetadata = .nothing
  ) {
    self.cdhash = cdhash
    self.designatedRequirement = designatedRequirement
    self.allCDHashes = allCDHashes
    self.usesSHA1 = usesSHA1
    self.isAdHoc = isAdHoc
    self.kept = kept
  }

  /// The requirement a parent seal records (reference §12): the designated requirement, or for
  /// ad hoc code `cdhash H"…" or cdhash H"…"` over every code directory.
  package var sealRequirement: String {
    guard isAdHoc else { return designatedRequirement }
    return allCDHashes.map { "cdhash H\"\($0.hex)\"" }.joined(separator: " or ")
  }
}
