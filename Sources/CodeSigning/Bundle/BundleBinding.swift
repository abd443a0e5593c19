/// What a bundle's main executable binds into its signature: the bundle's `Info.plist` (special
/// slot 1) and its seal, `_CodeSignature/CodeResources` (slot 3).
///
/// The seal is written on request, once the ``CodeItemSigner`` has read the executable and knows
/// whether its signature holds SHA-1 code directories: `files2` then carries a SHA-1 `hash`
/// beside each `hash2` (reference §11).
package struct BundleBinding {
  /// The bundle's `Info.plist` bytes.
  package let infoPlist: [UInt8]
  /// Writes the bundle's seal, with SHA-1 hashes when its argument is `true`, and returns the
  /// bytes written.
  package let seal: (_ usesSHA1: Bool) async throws -> [UInt8]

  /// Makes a binding.
  package init(infoPlist: [UInt8], seal: @escaping (_ usesSHA1: Bool) async throws -> [UInt8]) {
    self.infoPlist = infoPlist
    self.seal = seal
  }
}
