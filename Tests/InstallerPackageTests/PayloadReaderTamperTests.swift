import Deflating
import InstallerPackage
import Testing

/// Payloads damaged one way each, in their gzip member or in their cpio archive: every damage
/// ends in its own ``PayloadReaderError`` naming where, and the entry once its name is known.
struct PayloadReaderTamperTests {
  /// A header of `name` and `size` bytes, a file of mode 0644 unless told otherwise.
  static func header(_ name: String, mode: UInt32 = 0o100644, size: Int64 = 0) -> [UInt8] {
    CPIOHeader(
      inode: 1, mode: mode, linkCount: 1, modificationTime: 0, fileSize: size, name: name
    ).bytes
  }

  /// A cpio archive of `.` and a file `./f` holding `hello`, then its trailer.
  static let archive =
    header(".", mode: 0o040755) + header("./f", size: 5) + Array("hello".utf8)
    + CPIOHeader.trailer.bytes

  /// `bytes` in one gzip member.
  static func gzip(_ bytes: [UInt8]) throws -> [UInt8] {
    var output: [UInt8] = []
    let deflater = try Deflater(level: 6, format: .gzip)
    try bytes.withUnsafeBytes { try deflater.deflate($0, finishing: true) { output += $0 } }
    return output
  }

  /// The error reading `payload` gives, if any, fed whole and byte by byte (which must agree).
  static func error(reading payload: [UInt8]) -> PayloadReaderError? {
    func read(chunk: Int) -> PayloadReaderError? {
      do {
        _ = try PayloadReaderTests.entries(of: payload, chunk: chunk)
        return nil
      } catch {
        return error as? PayloadReaderError
      }
    }
    let whole = read(chunk: .max)
    #expect(read(chunk: 1) == whole, "byte by byte as whole")
    return whole
  }

  /// Expects reading `payload` to fail with `code` at `offset`, in the entry `path`.
  @discardableResult
  static func expect(
    _ code: PayloadReaderError.Code, at offset: Int64? = nil, path: String? = nil,
    reading payload: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
  ) -> PayloadReaderError? {
    let error = error(reading: payload)
    #expect(error?.code == code, "\(String(describing: error))", sourceLocation: sourceLocation)
    if let offset {
      #expect(
        error?.offset == offset, "\(String(describing: error))", sourceLocation: sourceLocation)
    }
    #expect(error?.path == path, "\(String(describing: error))", sourceLocation: sourceLocation)
    return error
  }

  @Test func theGzipMember() throws {
    let payload = try Self.gzip(Self.archive)
    #expect(Self.error(reading: payload) == nil)
    Self.expect(.secondGzipMember, at: Int64(payload.count), reading: payload + payload)
    Self.expect(.bytesAfterGzipMember, at: Int64(payload.count), reading: payload + [0, 1])
    let pbzx = Self.expect(.notGzip, at: 0, reading: Array("pbzx".utf8) + payload)
    #expect(pbzx?.message.contains("pbzx") == true)
    Self.expect(.notGzip, at: 1, reading: [0x1F, 0x00] + payload)
    Self.expect(.notGzip, at: 0, reading: [])
    Self.expect(.truncatedCompression, reading: Array(payload.dropLast(9)))
    var damaged = payload
    damaged[damaged.count - 6] ^= 0xFF  // the CRC-32 of the inflated bytes
    Self.expect(.damagedCompression, reading: damaged)
  }

  @Test func headers() throws {
    let file = Self.header(".", mode: 0o040755)
    let start = Int64(file.count)
    var magic = Self.header("./f")
    magic[5] = UInt8(ascii: "1")
    Self.expect(.badMagic, at: start, reading: try Self.gzip(file + magic))
    var mode = Self.header("./f")
    mode[21] = UInt8(ascii: "x")
    let octal = Self.expect(.badOctalField, at: start + 18, reading: try Self.gzip(file + mode))
    #expect(octal?.message.contains("mode") == true)
    var eight = Self.header("./f", size: 5)
    eight[70] = UInt8(ascii: "8")
    Self.expect(.badOctalField, at: start + 65, reading: try Self.gzip(file + eight))
    Self.expect(
      .unknownType, path: "./f", reading: try Self.gzip(file + Self.header("./f", mode: 0o644)))
  }

  @Test func names() throws {
    var zero = Self.header("./f")
    zero.replaceSubrange(59..<65, with: "000000".utf8)
    Self.expect(.badNameSize, at: 59, reading: try Self.gzip(zero))
    var huge = Self.header("./f")
    huge.replaceSubrange(59..<65, with: "777777".utf8)
    Self.expect(.badNameSize, at: 59, reading: try Self.gzip(huge))
    var unended = Self.header("./f")
    unended[unended.count - 1] = UInt8(ascii: "g")
    Self.expect(.nameWithoutNUL, at: 76, reading: try Self.gzip(unended + CPIOHeader.trailer.bytes))
    for name in ["../x", "/etc/passwd", "./a//b", "a/", "./a/../b", "./", "./.", ".."] {
      Self.expect(.unsafeName, at: 76, path: name, reading: try Self.gzip(Self.header(name)))
    }
    // GNU cpio leaves out the ./ of `find .`'s names.
    let bare = Self.header(".", mode: 0o040755) + Self.header("f") + CPIOHeader.trailer.bytes
    #expect(try PayloadReader.entries(in: try Self.gzip(bare)).map(\.path) == [".", "./f"])
  }

  @Test func sizesAndTheEnd() throws {
    let root = Self.header(".", mode: 0o040755)
    let start = Int64(root.count)
    Self.expect(
      .badSize, path: "./d",
      reading: try Self.gzip(root + Self.header("./d", mode: 0o040755, size: 3) + [1, 2, 3]))
    Self.expect(
      .badSize, path: "./l", reading: try Self.gzip(root + Self.header("./l", mode: 0o120755)))
    Self.expect(
      .badSize, path: "TRAILER!!!",
      reading: try Self.gzip(root + Self.header("TRAILER!!!", mode: 0, size: 1) + [0]))
    let truncated = Self.expect(
      .truncatedEntry, at: start, path: "./f",
      reading: try Self.gzip(
        root + Self.header("./f", size: 100) + [UInt8](repeating: 7, count: 10)))
    #expect(truncated?.message.contains("90 bytes") == true)
    Self.expect(
      .truncatedEntry, at: start,
      reading: try Self.gzip(root + Array(Self.header("./f").prefix(40))))
    Self.expect(
      .truncatedEntry, at: start,
      reading: try Self.gzip(root + Array(Self.header("./f").dropLast(2))))
    Self.expect(.missingTrailer, reading: try Self.gzip(root))
    Self.expect(.missingTrailer, at: 0, reading: try Self.gzip([]))
    let end = Int64(Self.archive.count)
    Self.expect(.bytesAfterTrailer, at: end + 2, reading: try Self.gzip(Self.archive + [0, 0, 9]))
    // GNU cpio pads its archives with zeros to a block of 512 bytes.
    #expect(
      Self.error(reading: try Self.gzip(Self.archive + [UInt8](repeating: 0, count: 600))) == nil)
  }
}
