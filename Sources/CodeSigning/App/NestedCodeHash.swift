import Digests
package import Foundation

/// The cdhash a bundle's seal records for nested code (reference §12): the first 20 bytes of the
/// SHA-256 code directory's hash of the Mach-O file's first slice.
///
/// ```swift
/// let check = try BundleSealCheck(bundle, in: app, nestedCodeHash: NestedCodeHash.ofFile)
/// ```
package enum NestedCodeHash {
  /// The sealed cdhash of the Mach-O file at `url`; `nil` when its first slice carries no
  /// SHA-256 code directory (not signed).
  ///
  /// Reads the superblob only: the page digests are the file's own check, not its parent's.
  ///
  /// - Throws: A file system error, or ``MachOError`` when the file is not Mach-O.
  package static func ofFile(at url: URL) throws -> [UInt8]? {
    let file = try MachOFile(bytes: Array(try Data(contentsOf: url)), path: url.path)
    guard let slice = file.slices.first?.macho, let command = slice.codeSignature,
      let signature = try? MachOSignatureReader.superblob(slice, command)
    else { return nil }
    for slot in MachOSignatureReader.directorySlots {
      if let blob = signature.blobs[slot], let directory = try? CodeDirectory(blob),
        directory.hashType == .sha256
      {
        return Array(directory.cdhash.prefix(20))
      }
    }
    return nil
  }
}
