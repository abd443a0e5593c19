import CodeSigning
import Digests
import SystemSupport

/// A slice signature maker for the Mach-O tests, making a real ad hoc signature.
///
/// Version 0x20400 code directories with page digests over `code`, an empty requirement set
/// and an empty CMS wrapper; SHA-256 only or SHA-1 first and SHA-256 in slot 0x1000 when the facts ask, so that peers can
/// verify what ``MachOSigner`` placed. It records the facts it was given.
struct AdHocSliceMaker: SliceSignatureMaker {
  /// The signing identifier.
  var identifier = "com.example.tool"
  /// Bytes added to (or, negative, taken from) the size estimate.
  var estimateAdjustment = 0
  /// The facts of every signature made, in order.
  let recordedFacts = Locked<[MachOCodeFacts]>([])

  static let pageSize = 4096
  static let emptyRequirements: [UInt8] = [0xFA, 0xDE, 0x0C, 0x01, 0, 0, 0, 12, 0, 0, 0, 0]

  func estimatedSize(facts: MachOCodeFacts) -> Int {
    let pages = (facts.codeLimit + Self.pageSize - 1) / Self.pageSize
    let directory = { (hashSize: Int) in 0x58 + identifier.utf8.count + 1 + (2 + pages) * hashSize }
    let directories = directory(32) + (facts.needsSHA1 ? directory(20) : 0)
    return 12 + 4 * 8 + directories + Self.emptyRequirements.count + 8 + estimateAdjustment
  }

  func signature(code: SliceCode, facts: MachOCodeFacts) async throws(CodeSigningError)
    -> MachOSignature
  {
    recordedFacts.withLock { $0.append(facts) }
    let sha256 = directory(code: code, facts: facts, algorithm: .sha256)
    var blobs: [UInt32: [UInt8]] = [
      2: Self.emptyRequirements, 0x10000: SuperBlobBuilder.wrapper([]),
    ]
    var directories = [sha256]
    if facts.needsSHA1 {
      let sha1 = directory(code: code, facts: facts, algorithm: .sha1)
      blobs[0] = sha1
      blobs[0x1000] = sha256
      directories = [sha1, sha256]
    } else {
      blobs[0] = sha256
    }
    let cdhash = DigestAlgorithm.sha256.digest(sha256)
    return MachOSignature(
      superblob: SuperBlobBuilder(blobs: blobs).bytes(), codeDirectories: directories,
      cdhash: cdhash, designatedRequirement: "cdhash H\"\(cdhash.prefix(20).hex)\"")
  }

  /// A version 0x20400 ad hoc code directory: header to 0x58, identifier, special slots 2 and 1
  /// (requirements, zero Info.plist), then the page digests.
  func directory(code: SliceCode, facts: MachOCodeFacts, algorithm: DigestAlgorithm) -> [UInt8] {
    let hashSize = algorithm.length
    let pages = code.pageDigests(pageSize: Self.pageSize, hashType: algorithm)
    let identifierBytes = Array(identifier.utf8) + [0]
    let hashOffset = 0x58 + identifierBytes.count + 2 * hashSize
    var writer = ByteWriter()
    writer.writeInteger(UInt32(0xFADE_0C02))
    writer.writeInteger(UInt32(hashOffset + pages.count * hashSize))
    writer.writeInteger(UInt32(0x20400))
    writer.writeInteger(UInt32(0x2))  // CS_ADHOC
    writer.writeInteger(UInt32(hashOffset))
    writer.writeInteger(UInt32(0x58))  // identOffset
    writer.writeInteger(UInt32(2))  // nSpecialSlots
    writer.writeInteger(UInt32(pages.count))
    writer.writeInteger(UInt32(code.count))  // codeLimit
    writer.writeInteger(UInt8(hashSize))
    writer.writeInteger(algorithm.codeDirectoryHashType)
    writer.writeInteger(UInt8(0))  // platform
    writer.writeInteger(UInt8(12))  // log2(4096)
    writer.writeZeros(4 * 4 + 8)  // spare2, scatterOffset, teamOffset, spare3, codeLimit64
    writer.writeInteger(facts.executableSegmentBase)
    writer.writeInteger(facts.executableSegmentLimit)
    writer.writeInteger(UInt64(facts.isMainExecutable ? 1 : 0))
    writer.writeBytes(identifierBytes)
    writer.writeBytes(algorithm.digest(Self.emptyRequirements))  // slot 2
    writer.writeZeros(hashSize)  // slot 1
    for page in pages { writer.writeBytes(page) }
    return writer.bytes
  }
}
