import SystemSupport

/// Where a slice's signature goes and what the slice looks like around it: the first pass of
/// signing (§1 of the reference).
///
/// The signature starts at the old signature's offset, or at the end of `__LINKEDIT`, rounded
/// up to 16 bytes; `LC_CODE_SIGNATURE` is updated in place or appended after the last load
/// command; `__LINKEDIT` grows to cover the reserved bytes; the slice ends where they end.
struct MachOSignatureLayout {
  /// `dataoff`: the signature's offset, and the code limit.
  let dataOffset: Int
  /// `datasize`: the bytes reserved for the signature.
  let dataSize: Int

  /// The granule `datasize` is rounded up to.
  static let reserveGranule = 1024
  /// The granule `__LINKEDIT.vmsize` is rounded up to (the 16 KiB page of arm64).
  static let vmPage = 16384

  /// The slice's whole size once signed.
  var end: Int { dataOffset + dataSize }

  /// Plans the signature of `slice`, refusing what cannot be signed right.
  ///
  /// - Parameters:
  ///   - slice: The slice as it is.
  ///   - reserve: The bytes to reserve for a signature whose code limit is its argument.
  /// - Returns: The signature's offset and reserved size.
  /// - Throws: ``MachOSigningError`` when the slice cannot be signed right.
  static func plan(_ slice: MachOSlice, reserve: (Int) -> Int) throws(MachOSigningError) -> Self {
    let (path, architecture) = (slice.path, slice.architecture)
    guard let linkedit = slice.segment(named: MachOSegment.linkeditName) else {
      throw .noLinkedit(path: path, architecture: architecture)
    }
    if let later = slice.segments.first(where: {
      $0.fileSize > 0 && $0.name != linkedit.name && $0.fileOffset > linkedit.fileOffset
    }) {
      throw .linkeditNotLast(path: path, architecture: architecture, segment: later.name)
    }
    guard slice.bytes.count <= linkedit.fileEnd else {
      throw .appendedData(
        path: path, architecture: architecture, offset: linkedit.fileEnd,
        count: slice.bytes.count - linkedit.fileEnd)
    }
    let start: Int
    if let signature = slice.codeSignature {
      guard signature.dataEnd == linkedit.fileEnd, signature.dataOffset >= linkedit.fileOffset
      else {
        throw .signatureNotAtEnd(
          path: path, architecture: architecture, signatureEnd: signature.dataEnd,
          linkeditEnd: linkedit.fileEnd)
      }
      start = signature.dataOffset
    } else {
      try checkRoomForCommand(slice)
      start = linkedit.fileEnd
    }
    let dataOffset = roundUp(start, to: 16)
    let dataSize = roundUp(reserve(dataOffset), to: reserveGranule)
    guard roundUp(dataOffset + dataSize, to: vmPage) <= Int(UInt32.max) else {
      throw .tooLarge(path: path, architecture: architecture, size: dataOffset + dataSize)
    }
    return Self(dataOffset: dataOffset, dataSize: dataSize)
  }

  /// Whether 16 zero bytes follow the load commands, where a new `LC_CODE_SIGNATURE` goes.
  static func checkRoomForCommand(_ slice: MachOSlice) throws(MachOSigningError) {
    let end = slice.loadCommandsEnd
    let gap = max(0, slice.firstDataOffset - end)
    let free =
      (try? ByteReader(sharing: slice.bytes).getBytes(at: end, count: min(gap, 16)))?.prefix {
        $0 == 0
      }.count ?? 0
    guard free >= 16 else {
      throw .noRoomForLoadCommand(
        path: slice.path, architecture: slice.architecture, available: free)
    }
  }

  static func roundUp(_ value: Int, to granule: Int) -> Int {
    (value + granule - 1) / granule * granule
  }
}
