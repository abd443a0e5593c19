/// Makes the signature of one Mach-O slice: what ``MachOSigner`` asks of the signature layer.
///
/// `MachOSignatureBuilder` (the CodeDirectories, requirements, entitlements, CMS and timestamp)
/// is the real one; tests pass makers of their own.
package protocol SliceSignatureMaker: Sendable {
  /// An upper bound of the superblob's size for a slice with these facts: the bytes
  /// ``MachOSigner`` reserves before it hashes the slice.
  func estimatedSize(facts: MachOCodeFacts) -> Int

  /// The signature of `code`, the slice's bytes `[0, facts.codeLimit)` with the signature's load
  /// command and `__LINKEDIT` sizes already rewritten.
  func signature(code: SliceCode, facts: MachOCodeFacts) async throws(CodeSigningError)
    -> MachOSignature
}
