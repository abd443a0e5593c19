package import SystemSupport

/// The digest of a file's bytes, read once from start to end in pieces of 1 MiB (memory stays
/// bounded whatever the size), and how many bytes it covers.
///
/// ```swift
/// let image = try FileDigest(ofFileAt: "dist/App.dmg")
/// print(image.hex, image.byteCount)
/// ```
package struct FileDigest: Sendable, Equatable {
  /// How many bytes each read asks for.
  package static let pieceSize = 1 << 20

  /// The algorithm.
  package let algorithm: DigestAlgorithm
  /// The digest's bytes.
  package let value: [UInt8]
  /// How many bytes of the file the digest covers.
  package let byteCount: Int64

  /// The digest in lower-case hexadecimal.
  package var hex: String { value.hex }

  /// A digest computed elsewhere.
  package init(algorithm: DigestAlgorithm, value: [UInt8], byteCount: Int64) {
    self.algorithm = algorithm
    self.value = value
    self.byteCount = byteCount
  }

  /// Reads `count` bytes of `descriptor` from `offset`, or up to the file's end when it comes
  /// first, and digests them.
  ///
  /// - Throws: ``SystemError`` when a read fails.
  package init(
    of descriptor: FileDescriptor, from offset: Int64 = 0, count: Int64 = .max,
    algorithm: DigestAlgorithm = .sha256
  ) throws(SystemError) {
    let digest = IncrementalDigest(algorithm)
    var done: Int64 = 0
    while done < count {
      let piece = try descriptor.read(
        at: offset + done, count: Int(min(Int64(Self.pieceSize), count - done)))
      guard !piece.isEmpty else { break }
      piece.withUnsafeBytes { digest.update($0) }
      done += Int64(piece.count)
    }
    self.init(algorithm: algorithm, value: digest.finish(), byteCount: done)
  }

  /// Reads the whole file at `path` and digests it.
  ///
  /// - Throws: ``SystemError`` when the file cannot be opened or read.
  package init(ofFileAt path: String, algorithm: DigestAlgorithm = .sha256) throws(SystemError) {
    let descriptor = try FileDescriptor.openForReading(path)
    defer { descriptor.close() }
    try self.init(of: descriptor, algorithm: algorithm)
  }
}
