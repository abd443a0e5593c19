import CodeSigning
import Digests
import DiskImage
import SystemSupport
import ToolingSupport

/// A UDIF image as signing sees it: the bytes the code directory covers (everything up to the end
/// of the property list), the signature after them, and the `koly` trailer last.
struct SignableImage {
  /// The image's path.
  let path: String
  /// The trailer as stored (512 bytes).
  let trailerBytes: [UInt8]
  /// The trailer, parsed.
  let trailer: KolyTrailer
  /// The file's size.
  let size: Int64

  /// Where the property list ends: the code limit, and where the signature goes.
  var codeLimit: Int64 { trailer.plistOffset + trailer.plistLength }

  /// Byte 0x128 of the trailer: the code signature's offset (then its size, at 0x130).
  static let signatureFieldsOffset = 0x128

  /// Reads the trailer of the image at `path` and checks that it leaves room for a signature.
  init(path: String) throws {
    self.path = path
    let descriptor = try FileDescriptor.openForReading(path)
    defer { descriptor.close() }
    size = try descriptor.status().size
    guard size >= Int64(KolyTrailer.size) else {
      throw DiskImageError.notAnImage("\(path) is shorter than a koly trailer")
    }
    trailerBytes = try descriptor.read(at: size - Int64(KolyTrailer.size), count: KolyTrailer.size)
    trailer = try KolyTrailer(trailerBytes)
    let limit = trailer.plistOffset + trailer.plistLength
    guard trailer.plistLength > 0, limit <= size - Int64(KolyTrailer.size) else {
      throw DiskImageError.notAnImage(
        "\(path): the trailer's property list (\(trailer.plistOffset)+\(trailer.plistLength)) "
          + "does not end before the trailer")
    }
  }

  /// The stored trailer with the signature fields set to `offset` and `length`.
  func trailerBytes(signatureOffset offset: Int64, length: Int64) -> [UInt8] {
    var writer = ByteWriter()
    writer.writeBytes(trailerBytes)
    writer.setInteger(UInt64(offset), at: Self.signatureFieldsOffset)
    writer.setInteger(UInt64(length), at: Self.signatureFieldsOffset + 8)
    return writer.bytes
  }

  /// The superblob the trailer points to, if the image is signed.
  func signatureBytes() throws -> [UInt8]? {
    guard trailer.codeSignatureLength > 0 else { return nil }
    guard trailer.codeSignatureOffset == codeLimit,
      trailer.codeSignatureOffset + trailer.codeSignatureLength + Int64(KolyTrailer.size) == size
    else {
      throw SignatureError.malformed(
        "\(path): the signature (\(trailer.codeSignatureOffset)+\(trailer.codeSignatureLength)) "
          + "is not between the property list and the trailer")
    }
    let descriptor = try FileDescriptor.openForReading(path)
    defer { descriptor.close() }
    return try descriptor.read(
      at: trailer.codeSignatureOffset, count: Int(trailer.codeSignatureLength))
  }

  /// The SHA-256 of the covered bytes, read once; and a digest that goes on from them, for the
  /// signed file's SHA-256 (``write(superblob:continuing:)``).
  func codeDigest() throws -> (value: [UInt8], continuing: CodeDigestState) {
    let descriptor = try FileDescriptor.openForReading(path)
    defer { descriptor.close() }
    let before = try descriptor.status()
    let digest = IncrementalDigest(.sha256)
    var offset: Int64 = 0
    while offset < codeLimit {
      let piece = try descriptor.read(
        at: offset, count: Int(min(Int64(FileDigest.pieceSize), codeLimit - offset)))
      guard !piece.isEmpty else {
        throw DiskImageError.notAnImage("\(path) ended while it was read")
      }
      piece.withUnsafeBytes { digest.update($0) }
      offset += Int64(piece.count)
    }
    let continuing = CodeDigestState(digest: digest.copy(), file: before)
    return (digest.finish(), continuing)
  }

  /// The SHA-256 of the covered bytes, not finished, and the file's status when they were read.
  struct CodeDigestState {
    let digest: IncrementalDigest
    let file: FileStatus
  }

  /// Replaces the file with its covered bytes, `superblob` and the trailer pointing to it, through
  /// a temporary file renamed over the image: an interrupted write leaves the old image.
  ///
  /// The covered bytes are copied in the kernel where it can (`copy_file_range`: a clone on file
  /// systems that share blocks), else read and written behind (``WriteBehind``), so signing a
  /// multi-GiB image does not fill memory. With `continuing`, the SHA-256 of the covered bytes
  /// as ``codeDigest()`` left it, the new file's SHA-256 is recorded (``KnownFileDigests``) for
  /// the notarization that follows, which then need not read the image.
  func write(superblob: [UInt8], continuing: CodeDigestState? = nil) throws {
    let source = try FileDescriptor.openForReading(path)
    defer { source.close() }
    if let continuing, try source.status() != continuing.file {
      throw DiskImageError.notAnImage("\(path) changed while it was signed: sign it again")
    }
    let tail = superblob + trailerBytes(signatureOffset: codeLimit, length: Int64(superblob.count))
    try AtomicOutputFile.write(to: path) { output in
      var offset: Int64 = 0
      var writeBehind = WriteBehind()
      while offset < codeLimit {
        let count = Int(min(Int64(64 << 20), codeLimit - offset))
        var copied = try output.appendCopy(of: source, at: offset, count: count)
        if copied == 0 {
          let chunk = try source.read(at: offset, count: min(count, 1 << 20))
          guard !chunk.isEmpty else {
            throw DiskImageError.notAnImage("\(path) ended while it was copied")
          }
          try chunk.withUnsafeBytes { try output.writeAll($0) }
          copied = chunk.count
        }
        offset += Int64(copied)
        writeBehind.wrote(upTo: offset, in: output)
      }
      try tail.withUnsafeBytes { try output.writeAll($0) }
    }
    guard let continuing else { return }
    continuing.digest.update(tail)
    KnownFileDigests.record(
      FileDigest(
        algorithm: .sha256, value: continuing.digest.finish(),
        byteCount: codeLimit + Int64(tail.count)),
      forFileAt: path)
  }
}
