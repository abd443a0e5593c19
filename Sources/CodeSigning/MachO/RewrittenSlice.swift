import SystemSupport

/// A slice laid out for its signature (the second pass of §1 of the reference) without copying
/// it: a rewritten head, the slice's own bytes unchanged, and a rewritten end.
///
/// The head holds the header and load commands, with `LC_CODE_SIGNATURE` added or updated and
/// `__LINKEDIT` grown; the end holds the slice's last bytes before the old signature (or its
/// end), zeros to ``MachOSignatureLayout/dataOffset``, then the reserved bytes, where
/// ``place(_:)`` puts the signature. Both are cut at multiples of ``SliceCode/pieceGranule``, so
/// the code to hash is ``code`` with no byte copied; a slice too small to split is all head.
struct RewrittenSlice {
  /// The slice's first bytes, rewritten.
  private(set) var head: [UInt8]
  /// The slice's own bytes between head and tail, unchanged (indices of the slice's storage).
  let body: ArraySlice<UInt8>
  /// Where ``body`` lies in the slice, from its start.
  let bodyRange: Range<Int>
  /// From the body's end through the reserved bytes, rewritten; empty when all is head.
  private(set) var tail: [UInt8]
  /// Where the signature goes, from the slice's start: the code limit.
  let dataOffset: Int

  /// Lays out `slice` as `layout` plans.
  init(_ slice: MachOSlice, layout: MachOSignatureLayout) {
    let start = slice.codeSignature?.dataOffset ?? slice.bytes.count
    let granule = SliceCode.pieceGranule
    let headEnd = MachOSignatureLayout.roundUp(slice.loadCommandsEnd + 16, to: granule)
    let tailStart = start / granule * granule
    let splits = tailStart > headEnd
    let headSize = splits ? headEnd : layout.end
    let base = slice.bytes.startIndex
    var writer = ByteWriter(bigEndian: slice.isBigEndian, capacity: headSize)
    writer.writeBytes(slice.bytes.prefix(min(start, headSize)))
    writer.writeZeros(headSize - min(start, headSize))
    Self.rewriteCommands(slice, layout: layout, in: &writer)
    head = writer.bytes
    dataOffset = layout.dataOffset
    if splits {
      bodyRange = headEnd..<tailStart
      body = slice.bytes[(base + headEnd)..<(base + tailStart)]
      tail = Array(slice.bytes[(base + tailStart)..<(base + start)])
      tail.append(contentsOf: repeatElement(0, count: layout.end - start))
    } else {
      bodyRange = headSize..<headSize
      body = []
      tail = []
    }
  }

  /// The slice's size once signed.
  var size: Int { head.count + body.count + tail.count }

  /// The bytes the signature covers, `[0, dataOffset)`.
  var code: SliceCode {
    guard !tail.isEmpty else { return SliceCode(head[..<dataOffset]) }
    return SliceCode(pieces: [head[...], body, tail[..<(dataOffset - bodyRange.upperBound)]])
  }

  /// Puts `superblob` at ``dataOffset``, in the reserved bytes.
  mutating func place(_ superblob: [UInt8]) {
    if tail.isEmpty {
      head.replaceSubrange(dataOffset..<(dataOffset + superblob.count), with: superblob)
    } else {
      let offset = dataOffset - bodyRange.upperBound
      tail.replaceSubrange(offset..<(offset + superblob.count), with: superblob)
    }
  }

  /// Adds or updates `LC_CODE_SIGNATURE` and grows `__LINKEDIT` over the reserved bytes, in the
  /// head (every field lies before the load commands' end plus one command).
  private static func rewriteCommands(
    _ slice: MachOSlice, layout: MachOSignatureLayout, in writer: inout ByteWriter
  ) {
    let commandOffset: Int
    if let signature = slice.codeSignature {
      commandOffset = signature.commandOffset
    } else {
      commandOffset = slice.loadCommandsEnd
      writer.setInteger(MachOLoadCommand.codeSignature, at: commandOffset)
      writer.setInteger(UInt32(16), at: commandOffset + 4)
      writer.setInteger(UInt32(slice.loadCommands.count + 1), at: 16)  // ncmds
      writer.setInteger(UInt32(slice.sizeOfCommands + 16), at: 20)  // sizeofcmds
    }
    writer.setInteger(UInt32(layout.dataOffset), at: commandOffset + 8)
    writer.setInteger(UInt32(layout.dataSize), at: commandOffset + 12)
    // Checked by MachOSignatureLayout.plan(_:reserve:): the slice has a __LINKEDIT.
    guard let linkedit = slice.segment(named: MachOSegment.linkeditName) else { return }
    let fileSize = layout.end - linkedit.fileOffset
    let vmSize = MachOSignatureLayout.roundUp(fileSize, to: MachOSignatureLayout.vmPage)
    let base = linkedit.commandOffset
    if linkedit.is64Bit {
      writer.setInteger(UInt64(vmSize), at: base + linkedit.vmSizeFieldOffset)
      writer.setInteger(UInt64(fileSize), at: base + linkedit.fileSizeFieldOffset)
    } else {
      writer.setInteger(UInt32(vmSize), at: base + linkedit.vmSizeFieldOffset)
      writer.setInteger(UInt32(fileSize), at: base + linkedit.fileSizeFieldOffset)
    }
  }
}
