/// Signs Mach-O files, thin and universal: lays out each slice for its signature, has the
/// signature made over the slice's code, and places it; rebuilds a universal file's header.
///
/// ```swift
/// let signer = MachOSigner(maker: try MachOSignatureBuilder(request: request))
/// let signed = try await signer.sign(bytes, path: "MyApp.app/Contents/MacOS/MyApp")
/// try AtomicOutputFile.write(to: path) { try signed.write(to: $0) }
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
    return try await sign(file)
  }

  /// Signs a thin or universal Mach-O file already read.
  ///
  /// - Throws: ``MachOSigningError`` naming the file and slice.
  package func sign(_ file: MachOFile) async throws(MachOSigningError) -> SignedMachO {
    let needsSHA1 = file.needsSHA1
    var rewritten: [RewrittenSlice] = []
    var signatures: [SignedMachO.Slice] = []
    for slice in file.slices {
      let signed = try await sign(slice.macho, needsSHA1: needsSHA1)
      rewritten.append(signed.slice)
      signatures.append(signed.signature)
    }
    let pieces = zip(file.slices, rewritten).map { Self.pieces(of: $1, at: $0.range.lowerBound) }
    guard file.isUniversal else { return SignedMachO(pieces: pieces[0], slices: signatures) }
    let layout = MachOUniversalLayout(
      slices: zip(file.slices, rewritten).map { ($0.macho.cpu, $1.size) },
      former: file.slices.map(\.alignment))
    return SignedMachO(pieces: layout.pieces(slices: pieces), slices: signatures)
  }

  /// A signed slice's pieces, from its start: head, unchanged body (at `fileOffset` plus its
  /// place in the slice, in the file read), tail.
  static func pieces(of slice: RewrittenSlice, at fileOffset: Int)
    -> [(offset: Int, content: SignedMachO.Content)]
  {
    var pieces: [(offset: Int, content: SignedMachO.Content)] = [(0, .made(slice.head))]
    if !slice.body.isEmpty {
      pieces.append(
        (
          slice.bodyRange.lowerBound,
          .original(slice.body, fileOffset: fileOffset + slice.bodyRange.lowerBound)
        ))
    }
    if !slice.tail.isEmpty { pieces.append((slice.bodyRange.upperBound, .made(slice.tail))) }
    return pieces
  }

  /// Signs one slice: plans the layout, rewrites the slice, hashes and places the signature.
  func sign(_ slice: MachOSlice, needsSHA1: Bool) async throws(MachOSigningError)
    -> (slice: RewrittenSlice, signature: SignedMachO.Slice)
  {
    func facts(_ codeLimit: Int) -> MachOCodeFacts {
      var facts = slice.facts(codeLimit: codeLimit)
      facts.needsSHA1 = needsSHA1
      return facts
    }
    let layout = try MachOSignatureLayout.plan(slice) { maker.estimatedSize(facts: facts($0)) }
    var rewritten = RewrittenSlice(slice, layout: layout)
    let signature: MachOSignature
    do {
      signature = try await maker.signature(code: rewritten.code, facts: facts(layout.dataOffset))
    } catch {
      throw .signingFailed(path: slice.path, architecture: slice.architecture, error)
    }
    guard signature.superblob.count <= layout.dataSize else {
      throw .signatureLargerThanReserved(
        path: slice.path, architecture: slice.architecture, size: signature.superblob.count,
        reserved: layout.dataSize)
    }
    // The reserved bytes are zeros already: the superblob goes at their start.
    rewritten.place(signature.superblob)
    return (
      rewritten, SignedMachO.Slice(architecture: slice.architecture, signature: signature)
    )
  }
}
