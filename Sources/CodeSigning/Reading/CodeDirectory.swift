package import Digests
import SystemSupport

/// A code directory (`0xfade0c02`): what is signed, and the digests of it.
package struct CodeDirectory: Sendable {
  /// The version, such as `0x20100`.
  package let version: UInt32
  /// `CS_*` flags (adhoc, runtime…).
  package let flags: UInt32
  /// The signing identifier.
  package let identifier: String
  /// The team identifier, when the version has one.
  package let teamIdentifier: String?
  /// The digest algorithm.
  package let hashType: DigestAlgorithm
  /// How many bytes the code digests cover.
  package let codeLimit: Int64
  /// The page size in bytes; 0 for one page over everything ("none").
  package let pageSize: Int
  /// Code slot digests, in order.
  package let codeDigests: [[UInt8]]
  /// Special slot digests by slot number (1 = Info, 2 = Requirements, … 6 = Rep Specific).
  package let specialDigests: [Int: [UInt8]]
  /// The blob's bytes.
  package let bytes: [UInt8]
  /// The size of each digest (`hashSize`: 20 for SHA-1, 32 for SHA-256).
  package let hashSize: Int
  /// The platform byte (0 outside Apple's own platform binaries).
  package let platform: UInt8
  /// The executable segment's offset (`execSegBase`, version 0x20400 on).
  package let executableSegmentBase: UInt64?
  /// The executable segment's size (`execSegLimit`, version 0x20400 on).
  package let executableSegmentLimit: UInt64?
  /// The executable segment's flags (`execSegFlags`, 0x1 main binary; version 0x20400 on).
  package let executableSegmentFlags: UInt64?
  /// The hardened runtime's SDK version (`runtime`, nibbles `xxxx.yy.zz`; version 0x20500 on).
  package let runtimeVersion: UInt32?

  /// The magic of a code directory blob.
  package static let magic: UInt32 = 0xFADE_0C02

  /// Reads a code directory blob.
  package init(_ bytes: [UInt8]) throws(SignatureError) {
    self.bytes = bytes
    do {
      let reader = ByteReader(bytes)
      guard try reader.getInteger(at: 0, as: UInt32.self) == Self.magic else {
        throw SignatureError.malformed("the code directory slot holds no code directory")
      }
      version = try reader.getInteger(at: 8)
      flags = try reader.getInteger(at: 12)
      let hashOffset = Int(try reader.getInteger(at: 16, as: UInt32.self))
      let identOffset = Int(try reader.getInteger(at: 20, as: UInt32.self))
      let specialSlots = Int(try reader.getInteger(at: 24, as: UInt32.self))
      let codeSlots = Int(try reader.getInteger(at: 28, as: UInt32.self))
      var limit = Int64(try reader.getInteger(at: 32, as: UInt32.self))
      let hashSize = Int(try reader.getInteger(at: 36, as: UInt8.self))
      self.hashSize = hashSize
      platform = try reader.getInteger(at: 38)
      guard let type = DigestAlgorithm(codeDirectoryHashType: try reader.getInteger(at: 37)) else {
        throw SignatureError.malformed(
          "unknown digest type \(try reader.getInteger(at: 37, as: UInt8.self))")
      }
      hashType = type
      let pageShift = Int(try reader.getInteger(at: 39, as: UInt8.self))
      pageSize = pageShift == 0 ? 0 : 1 << pageShift
      if version >= 0x20300, case let limit64 = try reader.getInteger(at: 56, as: UInt64.self),
        limit64 != 0
      {
        // A hostile 64-bit limit must not trap the conversion.
        guard let value = Int64(exactly: limit64) else {
          throw SignatureError.malformed(
            "the code directory's 64-bit code limit \(limit64) is past any file's size")
        }
        limit = value
      }
      codeLimit = limit
      let hasExecutableSegment = version >= 0x20400
      executableSegmentBase = hasExecutableSegment ? try reader.getInteger(at: 0x40) : nil
      executableSegmentLimit = hasExecutableSegment ? try reader.getInteger(at: 0x48) : nil
      executableSegmentFlags = hasExecutableSegment ? try reader.getInteger(at: 0x50) : nil
      runtimeVersion = version >= 0x20500 ? try reader.getInteger(at: 0x58) : nil
      identifier = try Self.cString(in: bytes, at: identOffset)
      if version >= 0x20200,
        case let teamOffset = Int(try reader.getInteger(at: 48, as: UInt32.self)), teamOffset > 0
      {
        teamIdentifier = try Self.cString(in: bytes, at: teamOffset)
      } else {
        teamIdentifier = nil
      }
      // Checked before anything is allocated by them: hostile counts must not size memory.
      guard hashSize > 0, codeSlots <= bytes.count / hashSize,
        specialSlots <= bytes.count / hashSize
      else {
        throw SignatureError.malformed(
          "the code directory claims \(codeSlots) code and \(specialSlots) special slots of \(hashSize) bytes, more than its \(bytes.count) bytes hold"
        )
      }
      codeDigests = try (0..<codeSlots).map {
        Array(try reader.getBytes(at: hashOffset + $0 * hashSize, count: hashSize))
      }
      var special: [Int: [UInt8]] = [:]
      for slot in 1...max(1, specialSlots) where slot <= specialSlots {
        special[slot] = Array(
          try reader.getBytes(at: hashOffset - slot * hashSize, count: hashSize))
      }
      specialDigests = special
    } catch let error as SignatureError {
      throw error
    } catch {
      throw .malformed("the code directory is truncated: \(error)")
    }
  }

  static func cString(in bytes: [UInt8], at offset: Int) throws(SignatureError) -> String {
    guard offset < bytes.count, let end = bytes[offset...].firstIndex(of: 0) else {
      throw .malformed("a string of the code directory is not terminated")
    }
    return String(decoding: bytes[offset..<end], as: UTF8.self)
  }

  /// The code directory's hash (its digest, as the CMS signature and the ticket name it).
  package var cdhash: [UInt8] { hashType.digest(bytes) }

  /// Whether the signature is ad hoc (`CS_ADHOC`, no signer).
  package var isAdHoc: Bool { flags & 0x2 != 0 }

  /// Whether the hardened runtime is on (`CS_RUNTIME`, 0x10000).
  package var hasHardenedRuntime: Bool { flags & 0x10000 != 0 }

  /// Whether a linker made the signature (`CS_LINKER_SIGNED`, 0x20000): ad hoc, no seal.
  package var isLinkerSigned: Bool { flags & 0x20000 != 0 }
}
