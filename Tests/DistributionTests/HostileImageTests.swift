import DiskImage
import Distribution
import Foundation
import HFSPlus
import ShipyardTestSupport
import Testing

/// Images with fields that would size an allocation or overflow arithmetic: each ends in a clear
/// error naming the structure and where it is, from the reader and from `dmg inspect` and
/// `dmg verify`, without allocating what the field claims.
@Suite struct HostileImageTests {
  static let helloApp = SampleApps.scriptHello

  /// Hello.dmg, uncompressed so that its volume's bytes can be patched in place.
  static func rawImage(in folder: ScratchFolder) throws -> [UInt8] {
    var options = DMGBuildOptions(source: helloApp, output: folder.path("Hello.dmg"), threads: 1)
    options.format = .udro
    _ = try DMGBuilder(options: options).build()
    return [UInt8](try Data(contentsOf: folder.file("Hello.dmg")))
  }

  /// `image` with its resource property list's `blkx` tables changed by `edit` (a table's bytes,
  /// by partition name), written at the end of the data fork as a new plist.
  static func rewritingTables(
    of image: [UInt8], _ edit: (String, inout [UInt8]) throws -> Void
  ) throws -> [UInt8] {
    var trailer = try KolyTrailer(Array(image.suffix(KolyTrailer.size)))
    let start = Int(trailer.plistOffset)
    let plist = Data(image[start..<(start + Int(trailer.plistLength))])
    var root = try #require(
      try PropertyListSerialization.propertyList(from: plist, format: nil) as? [String: Any])
    var fork = try #require(root["resource-fork"] as? [String: Any])
    var blkx = try #require(fork["blkx"] as? [[String: Any]])
    for index in blkx.indices {
      var table = [UInt8](try #require(blkx[index]["Data"] as? Data))
      try edit(try #require(blkx[index]["CFName"] as? String), &table)
      blkx[index]["Data"] = Data(table)
    }
    fork["blkx"] = blkx
    root["resource-fork"] = fork
    let newPlist = [UInt8](
      try PropertyListSerialization.data(fromPropertyList: root, format: .xml, options: 0))
    trailer.plistLength = Int64(newPlist.count)
    return Array(image[..<start]) + newPlist + trailer.bytes
  }

  static func setInteger<T: FixedWidthInteger>(_ value: T, at offset: Int, in bytes: inout [UInt8])
  {
    for index in 0..<MemoryLayout<T>.size {
      bytes[offset + index] = UInt8(
        truncatingIfNeeded: value >> ((MemoryLayout<T>.size - 1 - index) * 8))
    }
  }

  static func shipyard(_ arguments: [String]) throws -> ProcessRunner.Output {
    try ProcessRunner.run(BuiltProducts.shipyard.path, arguments)
  }

  /// `dmg inspect` and `dmg verify` exit 1 (no trap) with `message` on standard error.
  static func commandsReport(_ message: String, for path: String) throws {
    for command in ["inspect", "verify"] {
      let run = try shipyard(["dmg", command, path])
      #expect(run.status == 1, "dmg \(command): \(run.standardError)")
      #expect(run.standardError.contains(message), "dmg \(command): \(run.standardError)")
    }
  }

  @Test func aChunkClaiming2To60SectorsIsAnErrorNotATrap() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let image = try Self.rewritingTables(of: try Self.rawImage(in: folder)) { name, table in
      // The first chunk entry's sector count: 204 bytes of header, then type, comment and
      // first sector.
      if name.contains("Apple_HFS") { Self.setInteger(UInt64(1) << 60, at: 204 + 16, in: &table) }
    }
    try Data(image).write(to: folder.file("hostile.dmg"))
    let error = try #require(throws: DiskImageError.self) {
      try DiskImageReader(path: folder.path("hostile.dmg"))
    }
    let message =
      "blkx entry 4 (\"disk image (Apple_HFS : 4)\"): the mish table's chunk 0 (at byte 204) claims 1152921504606846976 sectors from sector 0, past the 281474976710656 a disk can have"
    #expect("\(error)" == "damaged disk image: " + message)
    try Self.commandsReport(message, for: folder.path("hostile.dmg"))
  }

  /// Chunks that share stored bytes would have every check decode the same bytes again and
  /// again; the reader refuses them before decoding anything.
  @Test func chunksSharingStoredBytesAreRefused() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let raw = try Self.rawImage(in: folder)
    try Data(raw).write(to: folder.file("raw.dmg"))
    let original = try DiskImageReader(path: folder.path("raw.dmg"))
    let hfsChunk = try #require(original.hfsPartition?.table.chunks.first)
    let image = try Self.rewritingTables(of: raw) { name, table in
      // The MBR's one chunk: offset at byte 204 + 24 of its table.
      if name.contains("MBR") {
        Self.setInteger(UInt64(hfsChunk.compressedOffset), at: 204 + 24, in: &table)
      }
    }
    try Data(image).write(to: folder.file("hostile.dmg"))
    let error = try #require(throws: DiskImageError.self) {
      try DiskImageReader(path: folder.path("hostile.dmg"))
    }
    #expect("\(error)".contains("chunks may not share stored bytes"), "\(error)")
    try Self.commandsReport("chunks may not share stored bytes", for: folder.path("hostile.dmg"))
  }

  @Test func aChunkPastAChunksSizeIsADataErrorOfItsPartition() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let image = try Self.rewritingTables(of: try Self.rawImage(in: folder)) { name, table in
      if name.contains("Apple_HFS") { Self.setInteger(UInt64(1) << 40, at: 204 + 16, in: &table) }
    }
    try Data(image).write(to: folder.file("hostile.dmg"))
    let reader = try DiskImageReader(path: folder.path("hostile.dmg"))
    let hfs = try #require(reader.hfsPartition)
    #expect(
      reader.check(hfs)
        == .dataError(
          "damaged disk image: the chunk at sector 0 claims 1099511627776 sectors, more than the 131072 a chunk holds"
        ))
    let run = try Self.shipyard(["dmg", "inspect", folder.path("hostile.dmg")])
    #expect(run.status == 1 && run.standardError.contains("claims 1099511627776 sectors"))
  }

  /// 8,192 zero-fill chunks of 64 MiB are checked without decoding half a terabyte.
  ///
  /// A few hundred kilobytes of table stand for them; their CRC-32 is combined, not computed
  /// over decoded zeros.
  @Test func terabytesOfZeroFillAreCheckedWithoutDecodingThem() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let sectors: Int64 = 131_072
    let image = try Self.rewritingTables(of: try Self.rawImage(in: folder)) { name, table in
      guard name.contains("Apple_HFS") else { return }
      // The table's header as it was, then 8,192 zero-fill entries and the terminator.
      var rebuilt = Array(table[..<204])
      Self.setInteger(UInt64(8192 * sectors), at: 16, in: &rebuilt)
      Self.setInteger(UInt32(8193), at: 200, in: &rebuilt)
      for index in 0...8192 {
        var entry = [UInt8](repeating: 0, count: 40)
        if index == 8192 { Self.setInteger(UInt32(0xFFFF_FFFF), at: 0, in: &entry) }
        Self.setInteger(UInt64(index) * UInt64(sectors), at: 8, in: &entry)
        Self.setInteger(UInt64(index == 8192 ? 0 : sectors), at: 16, in: &entry)
        rebuilt += entry
      }
      table = rebuilt
    }
    try Data(image).write(to: folder.file("hostile.dmg"))
    let reader = try DiskImageReader(path: folder.path("hostile.dmg"))
    let hfs = try #require(reader.hfsPartition)
    var zeros = 0 as UInt32
    for _ in 0..<8192 { zeros = ChunkCodec.crc32OfZeros(Int(sectors) * 512, continuing: zeros) }
    #expect(reader.check(hfs) == .checksumMismatch(computed: zeros))
  }

  @Test func aCatalogNodeCountPastTheFileIsNamed() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    var image = try Self.rawImage(in: folder)
    let reader = try DiskImageReader(path: folder.path("Hello.dmg"))
    let hfs = try #require(reader.hfsPartition)
    // The volume's first megabyte is stored raw by the first chunk.
    let first = try #require(hfs.table.chunks.first)
    #expect(first.type == .raw)
    let volume = Int(first.compressedOffset)
    let header = volume + 1024
    let blockSize =
      Int(image[header + 40]) << 24 | Int(image[header + 41]) << 16
      | Int(image[header + 42]) << 8 | Int(image[header + 43])
    let catalogStart = (272 + 16...272 + 19).reduce(0) { $0 << 8 | Int(image[header + $1]) }
    let headerNode = volume + catalogStart * blockSize
    Self.setInteger(UInt32(0xFFFF_FFF0), at: headerNode + 14 + 22, in: &image)
    try Data(image).write(to: folder.file("patched.dmg"))
    // The partition's CRC-32 follows the patch, so that dmg inspect goes on to read the volume.
    let patched = try DiskImageReader(path: folder.path("patched.dmg"))
    guard case .checksumMismatch(let crc) = patched.check(try #require(patched.hfsPartition)) else {
      Issue.record("the patch did not change the partition's bytes")
      return
    }
    image = try Self.rewritingTables(of: image) { name, table in
      if name.contains("Apple_HFS") { Self.setInteger(crc, at: 72, in: &table) }
    }
    try Data(image).write(to: folder.file("hostile.dmg"))

    let hostile = try DiskImageReader(path: folder.path("hostile.dmg"))
    let partition = try #require(hostile.hfsPartition)
    #expect(hostile.check(partition) == .ok)
    let volumeReader = try HFSPlusReader(hostile.bytes(of: partition))
    let message =
      "the catalog B-tree's header node (at volume byte \(catalogStart * blockSize)) claims 4294967280 nodes of 4096 bytes, past the catalog file's"
    let error = try #require(throws: HFSPlusError.self) { try volumeReader.entries() }
    #expect("\(error)".contains(message), "\(error)")
    let run = try Self.shipyard(["dmg", "inspect", folder.path("hostile.dmg")])
    #expect(run.status == 1 && run.standardError.contains(message), "\(run.standardError)")
  }

  @Test func aPropertyListOf4GiBIsRefusedUnread() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    // A sparse file of 4 GiB and a trailer: the plist it claims lies inside the file.
    let path = folder.path("hostile.dmg")
    let size: UInt64 = 4 << 30
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    let handle = try FileHandle(forWritingTo: folder.file("hostile.dmg"))
    try handle.truncate(atOffset: size)
    try handle.seek(toOffset: size)
    let trailer = KolyTrailer(
      dataForkLength: 0, plistOffset: 0, plistLength: Int64(size), masterChecksum: 0,
      sectorCount: 1)
    try handle.write(contentsOf: trailer.bytes)
    try handle.close()
    let error = try #require(throws: DiskImageError.self) { try DiskImageReader(path: path) }
    let message =
      "the koly trailer (at byte 4294967296) gives the resource property list 4294967296 bytes, more than the 268435456 read"
    #expect("\(error)" == "damaged disk image: " + message)
    try Self.commandsReport(message, for: path)
  }

  @Test func notAnImageIsAClearError() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let path = try folder.write([UInt8](repeating: 7, count: 4096), to: "plain.bin").path
    let error = try #require(throws: DiskImageError.self) { try DiskImageReader(path: path) }
    #expect(
      "\(error)"
        == "not a UDIF disk image: the last 512 bytes of \(path) hold no koly trailer: the file is "
        + "cut short (an interrupted download or copy) or is not a .dmg")
  }

  @Test func offsetsNearInt64MaxAreErrorsNotTraps() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    var trailer = KolyTrailer(
      dataForkLength: 0, plistOffset: Int64.max - 10, plistLength: 100, masterChecksum: 0,
      sectorCount: 1)
    try folder.write([UInt8](repeating: 0, count: 4096) + trailer.bytes, to: "a.dmg")
    let error = try #require(throws: DiskImageError.self) {
      try DiskImageReader(path: folder.path("a.dmg"))
    }
    #expect("\(error)".contains("outside the file's 4608 bytes"))
    trailer.plistOffset = 0
    trailer.plistLength = 4096
    trailer.codeSignatureOffset = 10
    trailer.codeSignatureLength = Int64.max - 5
    try folder.write([UInt8](repeating: 0, count: 4096) + trailer.bytes, to: "b.dmg")
    let signature = try #require(throws: DiskImageError.self) {
      try DiskImageReader(path: folder.path("b.dmg"))
    }
    #expect("\(signature)".contains("puts the code signature at byte 10"))
  }
}
