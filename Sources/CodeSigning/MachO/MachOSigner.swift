/// Signs Mach-O files, thin and universal: lays out each slice for its signature, has the
/// signature made over the slice's code, and places it; rebuilds a universal file's header.
///
/// ```swift
/// let signer = MachOSigner(maker: try MachOSignatureBuilder(request: request))
/// let signed = try await signer.sign(bytes, path: "MyApp.app/Contents/MacOS/MyApp")
/// try Data(signed.bytes).write(to: url)
/// ```
///
/// Each slice is signed on its own (§1 of the reference): the signature goes at the end of
/// `__LINKEDIT`, 16-byte aligned, in the space `LC_CODE_SIGNATURE` reserves, and the slice's
/// code `[0, dataoff)` is hashed with that command already in place. An existing signature
/// (a linker's ad hoc one, or a full one) is replaced in the same place, so signing twice gives
/// the same layout. What cannot be signed right is refused with an error naming the file and
/// the slice: bytes appended after `__LINKEDIT`, no room for the load command, a `__LINKEDIT`
/// that is missing or not last.
package struct MachOSigner: Sendable {
  /// Makes each slice's signature.
  package let maker: any SliceSignatureMaker

  /// Makes a signer.
  package init(maker: any SliceSignatureMaker) { self.maker = maker }

  /// Signs a thin or universal Mach-O file.
  ///
  /// In a universal file, every slice gets a SHA-1 code directory first when one of them needs
  /// it (§8), and the slices are laid out again with ``MachOUniversalLayout``.
  ///
  /// - Parameters:
  ///   - bytes: The file's bytes.
  ///   - path: The file's path, named in errors.
  /// - Returns: The signed bytes and each slice's signature.
  /// - Throws: ``MachOSigningError`` naming the file and slice.
  package func sign(_ bytes: [UInt8], path: String) async throws(MachOSigningError)
    -> SignedMachO
  {
    let file: MachOFile
    do { file = try MachOFile(bytes: bytes, path: path) } catch { throw .unreadable(error) }
    let needsSHA1 = file.slices.contains { $0.macho.needsSHA1 }
    var signedSlices: [(bytes: [UInt8], slice: SignedMachO.Slice)] = []
    for slice in file.slices {
      signedSlices.append(try await sign(slice.macho, needsSHA1: needsSHA1))
    }
    guard file.isUniversal else {
      return SignedMachO(bytes: signedSlices[0].bytes, slices: [signedSlices[0].slice])
    }
    let layout = MachOUniversalLayout(
      slices: zip(file.slices, signedSlices).map { ($0.macho.cpu, $1.bytes.count) })
    return SignedMachO(
      bytes: layout.bytes(slices: signedSlices.map(\.bytes)), slices: signedSlices.map(\.slice))
  }

  /// Signs one slice: plans the layout, rewrites the slice, hashes and places the signature.
  func sign(_ slice: MachOSlice, needsSHA1: Bool) async throws(MachOSigningError)
    -> (bytes: [UInt8], slice: SignedMachO.Slice)
  {
    func facts(_ codeLimit: Int) -> MachOCodeFacts {
      var facts = slice.facts(codeLimit: codeLimit)
      facts.needsSHA1 = needsSHA1
      return facts
    }
    let layout = try MachOSignatureLayout.plan(slice) { maker.estimatedSize(facts: facts($0)) }
    var bytes = layout.rewrite(slice)
    let signature: MachOSignature
    do {
      signature = try await maker.signature(
        code: bytes[0..<layout.dataOffset], facts: facts(layout.dataOffset))
    } catch {
      throw .signingFailed(path: slice.path, architecture: slice.architecture, error)
    }
    guard signature.superblob.count <= layout.dataSize else {
      throw .signatureLargerThanReserved(
        path: slice.path, architecture: slice.architecture, size: signature.superblob.count,
        reserved: layout.dataSize)
    }
    // The reserved bytes are zeros already: the superblob goes at their start.
    bytes.replaceSubrange(
      layout.dataOffset..<(layout.dataOffset + signature.superblob.count),
      with: signature.superblob)
    return (bytes, SignedMachO.Slice(architecture: slice.architecture, signature: signature))
  }
}
