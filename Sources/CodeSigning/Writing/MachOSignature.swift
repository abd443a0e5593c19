/// One Mach-O slice's signature, as made: the superblob to place at `LC_CODE_SIGNATURE`'s offset
/// and what a parent bundle's seal records of it.
package struct MachOSignature: Sendable, Equatable {
  /// The embedded-signature superblob (`0xfade0cc0`).
  package var superblob: [UInt8]
  /// The code directory blobs, in slot order (slot 0 first, then 0x1000).
  package var codeDirectories: [[UInt8]]
  /// The full SHA-256 hash of the SHA-256 code directory (its first 20 bytes are the cdhash a
  /// seal and a notarization ticket use).
  package var cdhash: [UInt8]
  /// The designated requirement as text, as `codesign -d -r-` prints it and a parent bundle's
  /// CodeResources records it.
  package var designatedRequirement: String

  /// Makes a signature record.
  package init(
    superblob: [UInt8], codeDirectories: [[UInt8]], cdhash: [UInt8], designatedRequirement: String
  ) {
    self.superblob = superblob
    self.codeDirectories = codeDirectories
    self.cdhash = cdhash
    self.designatedRequirement = designatedRequirement
  }
}
