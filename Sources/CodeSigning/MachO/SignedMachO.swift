/// A Mach-O file as signed: its new bytes, and each slice's signature.
package struct SignedMachO: Sendable {
  /// One slice's signature.
  package struct Slice: Sendable {
    /// The slice's architecture name (`arm64`, `x86_64`…).
    package let architecture: String
    /// The signature placed in it.
    package let signature: MachOSignature
  }

  /// The signed file's bytes, thin or universal as the input was.
  package let bytes: [UInt8]
  /// The slices' signatures, in the file's slice order.
  package let slices: [Slice]
}
