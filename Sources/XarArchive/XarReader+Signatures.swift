import SystemSupport

extension XarReader {
  /// `signatures` with their bytes read, each checked first to lie inside the heap.
  ///
  /// - Throws: ``XarReaderError`` naming the signature that lies outside the file or is larger
  ///   than ``XarSignature/maximumSize``; what `source` throws.
  static func read(
    _ signatures: [XarSignature], from source: any RandomAccessByteSource, heap: Int64,
    size: Int64
  ) throws -> [XarSignature] {
    try signatures.map { signature in
      let part = "\(signature.style) signature"
      // Each bound before any sum, as for a file's data.
      guard signature.offset >= 0, signature.size > 0,
        signature.size <= XarSignature.maximumSize, signature.offset <= size - heap,
        signature.size <= size - heap - signature.offset
      else {
        throw XarReaderError(
          part, at: heap,
          "its \(signature.size) bytes at heap offset \(signature.offset) lie outside the file")
      }
      var read = signature
      read.bytes = try source.read(at: heap + signature.offset, count: Int(signature.size))
      return read
    }
  }

  /// The file offset where the furthest of `ranges` (heap offsets and lengths) ends, counting
  /// only those that lie inside the file (what lies outside is the error of whoever reads it).
  static func end(of ranges: [(offset: Int64, length: Int64)], heap: Int64, size: Int64) -> Int64 {
    ranges.reduce(heap) { end, range in
      guard range.offset >= 0, range.length >= 0, range.offset <= size - heap,
        range.length <= size - heap - range.offset
      else { return end }
      return max(end, heap + range.offset + range.length)
    }
  }
}
