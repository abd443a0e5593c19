import InstallerPackage
import Testing

/// Boms damaged one way each: every damage ends in its own ``BomReaderError`` naming the block.
struct BomReaderTamperTests {
  /// A root, a folder `A` holding a folder `C`, two files, a link and a file past 4 GiB.
  ///
  /// The leaf runs (0 "."), (1 "A"), (2 "C"), (2 "aa"), (2 "bb"), (2 "big"), (2 "l").
  static let entries: [BomEntry] = [
    BomReaderTests.folder(".", children: 1), BomReaderTests.folder("./A", children: 5),
    BomReaderTests.folder("./A/C", children: 0), BomReaderTests.file("./A/aa", size: 3),
    BomReaderTests.file("./A/bb", size: 4), BomReaderTests.file("./A/big", size: 5 << 30),
    BomEntry(
      path: "./A/l", kind: .symbolicLink(target: "aa"), permissions: 0o755, modificationTime: 0,
      size: 2, checksum: POSIXChecksum.of("aa".utf8)),
  ]

  /// The error reading `bytes` gives, if any.
  static func error(reading bytes: [UInt8]) -> BomReaderError? {
    do {
      _ = try BomReader.records(in: bytes)
      return nil
    } catch {
      return error
    }
  }

  /// Expects reading the Bom of ``entries`` patched by `damage` to fail with `code`, in
  /// `block` when given; returns the error.
  @discardableResult
  static func expect(
    _ code: BomReaderError.Code, block: UInt32? = nil,
    of entries: [BomEntry] = entries, sourceLocation: SourceLocation = #_sourceLocation,
    _ damage: (inout BomSurgery) -> Void
  ) throws -> BomReaderError? {
    var surgery = try BomSurgery(of: entries)
    #expect(error(reading: surgery.bytes) == nil, sourceLocation: sourceLocation)
    damage(&surgery)
    let error = error(reading: surgery.bytes)
    #expect(error?.code == code, "\(String(describing: error))", sourceLocation: sourceLocation)
    if let block {
      #expect(
        error?.block == block, "\(String(describing: error))",
        sourceLocation: sourceLocation)
    }
    return error
  }

  @Test func theFileAndItsTables() throws {
    #expect(
      Self.error(reading: [UInt8](repeating: 0, count: BomReader.maximumSize + 1))?.code
        == .tooLarge)
    try Self.expect(.notABom) { $0.bytes[3] = UInt8(ascii: "x") }
    try Self.expect(.notABom) { $0.bytes = Array($0.bytes.prefix(20)) }
    try Self.expect(.tableOutsideFile) { $0.setWord(0xFFFF_0000, at: 16) }
    try Self.expect(.tableOutsideFile) { $0.bytes.removeLast(12) }
    try Self.expect(.tableOutsideFile) { $0.setWord(0x0100_0000, at: Int($0.word(at: 16))) }
    try Self.expect(.missingVariable) {
      $0.bytes[$0.variableEntry("Paths") + 9] = UInt8(ascii: "z")
    }
    try Self.expect(.malformedVariables) {
      let entry = $0.variableEntry("VIndex")
      $0.bytes.replaceSubrange(entry + 5..<entry + 11, with: "Size64".utf8)
    }
    try Self.expect(.malformedVariables) { $0.bytes[$0.variableEntry("Size64") + 4] = 200 }
  }

  @Test func blocks() throws {
    let bom = try BomSurgery(of: Self.entries)
    let paths = bom.variable("Paths")
    try Self.expect(.blockOutOfRange, block: 60000) {
      $0.setWord(60000, at: $0.variableEntry("Paths"))
    }
    try Self.expect(.blockOutsideFile, block: paths) {
      $0.setWord(UInt32($0.bytes.count), at: $0.tableEntry(paths))
    }
    try Self.expect(.blockOutsideFile, block: paths) { $0.setWord(8, at: $0.tableEntry(paths)) }
    let record = bom.recordBlock(of: "aa")
    try Self.expect(.blockTooShort, block: record) {
      $0.setWord(10, at: $0.tableEntry(record) + 4)
    }
  }

  @Test func trees() throws {
    let bom = try BomSurgery(of: Self.entries)
    let (paths, leaf) = (bom.variable("Paths"), bom.root(of: "Paths"))
    try Self.expect(.notATree, block: paths) { $0.bytes[$0.start(of: paths)] = 0 }
    try Self.expect(.malformedNode, block: leaf) { $0.bytes[$0.start(of: leaf) + 1] = 7 }
    try Self.expect(.malformedNode, block: leaf) { $0.bytes[$0.start(of: leaf) + 2] = 0xFF }
    try Self.expect(.countMismatch, block: paths) { $0.setWord(8, at: $0.start(of: paths) + 16) }
  }

  @Test func branchesAndLeafChains() throws {
    let many = BomReaderTests.manyPaths
    let bom = try BomSurgery(of: many)
    let branch = bom.root(of: "Paths")
    let firstLeaf = bom.pairs(of: branch)[0].value
    try Self.expect(.nodeRevisited, block: branch, of: many) {
      $0.setWord(branch, at: $0.pairOffset(2, of: branch))
    }
    try Self.expect(.nodeRevisited, block: firstLeaf, of: many) {
      $0.setWord(firstLeaf, at: $0.pairOffset(1, of: branch))
    }
    try Self.expect(.brokenLeafChain, block: firstLeaf, of: many) {
      $0.setWord(0, at: $0.start(of: firstLeaf) + 4)
    }
    try Self.expect(.malformedNode, block: branch, of: many) {
      $0.bytes[$0.start(of: branch) + 3] = 0
    }
    // A chain of 40 branches of one child each, made of HLIndex's one-node trees.
    try Self.expect(.treeTooDeep, of: many) { surgery in
      let nodes = surgery.pairs(of: surgery.pairs(of: surgery.root(of: "HLIndex"))[0].value)
        .prefix(40).map {
          surgery.word(at: surgery.start(of: surgery.word(at: surgery.start(of: $0.value))) + 8)
        }
      for (node, next) in zip(nodes, nodes.dropFirst()) {
        let start = surgery.start(of: node)
        surgery.bytes[start + 1] = 0
        surgery.bytes[start + 3] = 1
        surgery.setWord(next, at: start + 12)
      }
      surgery.setWord(nodes[0], at: surgery.start(of: surgery.variable("Paths")) + 8)
    }
  }

  @Test func records() throws {
    let bom = try BomSurgery(of: Self.entries)
    let (record, link) = (bom.recordBlock(of: "aa"), bom.recordBlock(of: "l"))
    try Self.expect(.malformedRecord, block: record) { $0.bytes[$0.record(of: "aa")] = 9 }
    try Self.expect(.malformedRecord, block: link) { $0.setWord(500, at: $0.record(of: "l") + 27) }
    try Self.expect(.malformedRecord, block: link) { $0.bytes[$0.record(of: "l") + 33] = 1 }
    try Self.expect(.unmatchedSize64) {
      let size64 = $0.pairs(of: $0.root(of: "Size64"))[0]
      $0.setWord(1, at: $0.start(of: size64.key))
    }
  }

  @Test func namesAndParents() throws {
    let bom = try BomSurgery(of: Self.entries)
    let leaf = bom.root(of: "Paths")
    try Self.expect(.malformedName, block: leaf) {
      $0.bytes[$0.start(of: $0.pathsPair(named: "bb").key) + 5] = UInt8(ascii: "/")
    }
    try Self.expect(.malformedName, block: bom.pathsPair(named: "bb").key) {
      $0.bytes[$0.start(of: $0.pathsPair(named: "bb").key) + 4] = 0
    }
    try Self.expect(.duplicatePathID, block: leaf) {
      $0.setWord($0.pathID(of: "aa"), at: $0.start(of: $0.pathsPair(named: "bb").value))
    }
    try Self.expect(.malformedName) {
      $0.setWord(77, at: $0.start(of: $0.pathsPair(named: ".").key))
    }
    try Self.expect(.missingRoot) { $0.setWord(0, at: $0.start(of: $0.pathsPair(named: "A").key)) }
    let unknown = try Self.expect(.unknownParent, block: leaf) {
      $0.setWord(999, at: $0.start(of: $0.pathsPair(named: "aa").key))
    }
    #expect(unknown?.message.contains("999") == true)
    try Self.expect(.parentNotFolder, block: leaf) {
      $0.setWord($0.pathID(of: "aa"), at: $0.start(of: $0.pathsPair(named: "bb").key))
    }
    try Self.expect(.parentCycle, block: leaf) {
      $0.setWord($0.pathID(of: "C"), at: $0.start(of: $0.pathsPair(named: "A").key))
    }
  }

  @Test func theOrderLsbomNeeds() throws {
    let leaf = try BomSurgery(of: Self.entries).root(of: "Paths")
    let swapped = try Self.expect(.leavesOutOfOrder, block: leaf) { surgery in
      let (aa, bb) = (surgery.pathsPair(named: "aa"), surgery.pathsPair(named: "bb"))
      for (pair, number) in [(bb, aa.number), (aa, bb.number)] {
        surgery.setWord(pair.value, at: surgery.pairOffset(number, of: leaf))
        surgery.setWord(pair.key, at: surgery.pairOffset(number, of: leaf) + 4)
      }
    }
    #expect(swapped?.paths == ["./A/bb", "./A/aa"])
    #expect(swapped?.message.contains("./A/aa comes after ./A/bb") == true)
    let twice = try Self.expect(.duplicatePath, block: leaf) { surgery in
      let (aa, bb) = (surgery.pathsPair(named: "aa"), surgery.pathsPair(named: "bb"))
      surgery.setWord(aa.key, at: surgery.pairOffset(bb.number, of: leaf) + 4)
    }
    #expect(twice?.paths == ["./A/aa"])
  }

  @Test func aPathLongerThanTheLimit() throws {
    var entries = [BomReaderTests.folder(".", children: 1)]
    var path = "."
    for level in 0..<90 {
      path += "/" + String(repeating: "n", count: 44) + "\(level)"
      entries.append(BomReaderTests.folder(path, children: 1))
    }
    let error = Self.error(reading: try BomWriter.bytes(of: entries))
    #expect(error?.code == .pathTooLong)
  }
}
