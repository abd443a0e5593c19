/// Where the slices of a signed universal binary go (§8 of the reference): in their original
/// order, each at a multiple of its alignment, gaps zero-filled, behind a rebuilt header.
///
/// ARM slices align to 2^14 (the 16 KiB pages arm64 maps), the others to 2^12 (4 KiB pages,
/// what `lipo` and Apple's tools give x86_64 and i386), or to a slice's former alignment when it
/// is larger (newer `lipo` aligns every slice to 2^14; re-signing keeps such a file's layout, as
/// `codesign` does). The header is `0xcafebabf`, with 64-bit fields, only when an offset or size
/// needs them.
struct MachOUniversalLayout {
  /// The rebuilt header.
  let header: MachOFatHeader

  /// The alignment (log2) of an ARM slice.
  static let armAlignment = 14
  /// The alignment (log2) of any other slice.
  static let otherAlignment = 12

  /// The largest alignment kept from a former header: 2^16, a page of any size Apple uses.
  static let largestAlignment = 16

  /// Lays out slices of the given CPUs and sizes, each at the larger of its CPU's alignment and
  /// its `former` one (at most 2^16).
  init(slices: [(cpu: MachOCPU, size: Int)], former: [Int?] = []) {
    var cursor = 8 + slices.count * 32  // room for the larger, 64-bit table
    var architectures: [MachOFatHeader.Architecture] = []
    for (index, slice) in slices.enumerated() {
      let standard = slice.cpu.isARM ? Self.armAlignment : Self.otherAlignment
      let kept = former.indices.contains(index) ? former[index] ?? 0 : 0
      let alignment = max(standard, min(kept, Self.largestAlignment))
      let offset = MachOSignatureLayout.roundUp(cursor, to: 1 << alignment)
      architectures.append(
        .init(cpu: slice.cpu, offset: offset, size: slice.size, alignment: alignment))
      cursor = offset + slice.size
    }
    let is64Bit = architectures.contains {
      $0.offset > Int(UInt32.max) || $0.size > Int(UInt32.max)
    }
    header = MachOFatHeader(architectures: architectures, is64Bit: is64Bit)
  }

  /// Where the universal header's bytes go (offset 0) and each slice's pieces, moved from
  /// their slice's start to the slice's offset.
  func pieces(slices: [[(offset: Int, content: SignedMachO.Content)]])
    -> [(offset: Int, content: SignedMachO.Content)]
  {
    var pieces: [(offset: Int, content: SignedMachO.Content)] = [(0, .made(header.bytes()))]
    for (architecture, slice) in zip(header.architectures, slices) {
      pieces += slice.map { (architecture.offset + $0.offset, $0.content) }
    }
    return pieces
  }
}
