package import SystemSupport

/// Digests of a file taken in one pass while something else reads it: a reader hands over the
/// bytes it reads (``take(_:at:)``), in the file's order, and the digests follow along; what it
/// skips is read here, and what it reads again or out of order is not digested twice.
///
/// Each target digests the file's first `end` bytes (the code a signature covers;
/// the whole file): a verification that decodes every chunk of an image also hashes it, so the
/// image is read once.
///
/// ```swift
/// let digests = SequentialDigest(
///   of: descriptor, size: size, targets: [(.sha256, codeLimit), (.sha256, size)])
/// reader.storedBytesObserver = { offset, bytes in try digests.take(bytes, at: offset) }
/// … // the reader's pass
/// let values = try digests.finish()
/// ```
package final class SequentialDigest {
  /// A digest of the file's first `end` bytes.
  package typealias Target = (algorithm: DigestAlgorithm, end: Int64)

  private let descriptor: FileDescriptor
  private let size: Int64
  private let targets: [Target]
  private let digests: [IncrementalDigest]
  /// The bytes digested so far: the file's first `position` bytes.
  private(set) var position: Int64 = 0

  /// Digests of `descriptor`'s file of `size` bytes, one for each target (ends past `size` are
  /// cut to it).
  package init(of descriptor: FileDescriptor, size: Int64, targets: [Target]) {
    self.descriptor = descriptor
    self.size = size
    self.targets = targets.map { ($0.algorithm, max(0, min($0.end, size))) }
    digests = targets.map { IncrementalDigest($0.algorithm) }
  }

  /// Takes `bytes`, read by someone else from `offset`: a gap before them is read and digested
  /// first; bytes already digested are passed over.
  ///
  /// - Throws: ``SystemError`` when a gap cannot be read.
  package func take(_ bytes: [UInt8], at offset: Int64) throws(SystemError) {
    guard offset + Int64(bytes.count) > position, offset < size else { return }
    if offset > position { try read(upTo: offset) }
    let skip = Int(position - offset)
    let count = min(bytes.count - skip, Int(size - position))
    bytes.withUnsafeBytes { all in
      digest(UnsafeRawBufferPointer(rebasing: all[skip..<(skip + count)]))
    }
  }

  /// Reads what no one handed over, to the end, and gives each target's digest, in the
  /// targets' order.
  ///
  /// - Throws: ``SystemError`` when the rest cannot be read.
  package func finish() throws(SystemError) -> [FileDigest] {
    try read(upTo: size)
    return zip(targets, digests).map { target, digest in
      FileDigest(algorithm: target.algorithm, value: digest.finish(), byteCount: target.end)
    }
  }

  /// Reads and digests the bytes from ``position`` to `end`, a piece at a time.
  private func read(upTo end: Int64) throws(SystemError) {
    while position < end {
      let piece = try descriptor.read(
        at: position, count: Int(min(Int64(FileDigest.pieceSize), end - position)))
      guard !piece.isEmpty else {
        throw SystemError("read", path: descriptor.path, errorNumber: EIO)  // it shrank
      }
      piece.withUnsafeBytes { digest($0) }
    }
  }

  /// Feeds `bytes`, which start at ``position``, to every target not yet complete.
  private func digest(_ bytes: UnsafeRawBufferPointer) {
    for (target, digest) in zip(targets, digests) where target.end > position {
      let count = Int(min(Int64(bytes.count), target.end - position))
      digest.update(UnsafeRawBufferPointer(rebasing: bytes[0..<count]))
    }
    position += Int64(bytes.count)
  }
}
