import InstallerPackage

/// A Bom's bytes open for tampering: where its blocks, variables and tree nodes lie, read from
/// the header and tables as the format describes them, and setters that patch big-endian words.
struct BomSurgery {
  /// The bytes, as patched so far.
  var bytes: [UInt8]

  /// Opens `bytes`.
  init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// The Bom `BomWriter` makes of `entries`.
  init(of entries: [BomEntry]) throws { self.init(try BomWriter.bytes(of: entries)) }

  /// The big-endian word at `offset`.
  func word(at offset: Int) -> UInt32 {
    bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
  }

  /// Sets the big-endian word at `offset`.
  mutating func setWord(_ value: UInt32, at offset: Int) {
    for index in 0..<4 {
      bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (24 - 8 * index))
    }
  }

  /// Where the block table's entry of block `index` lies.
  func tableEntry(_ index: UInt32) -> Int { Int(word(at: 16)) + 4 + 8 * Int(index) }

  /// Where block `index` starts in the file.
  func start(of index: UInt32) -> Int { Int(word(at: tableEntry(index))) }

  /// Where the variable `name`'s entry lies in the variables' table.
  func variableEntry(_ name: String) -> Int {
    var position = Int(word(at: 24)) + 4
    for _ in 0..<word(at: Int(word(at: 24))) {
      let length = Int(bytes[position + 4])
      if bytes[position + 5..<position + 5 + length].elementsEqual(name.utf8) { return position }
      position += 5 + length
    }
    fatalError("no variable \(name)")
  }

  /// The block of the variable `name`.
  func variable(_ name: String) -> UInt32 { word(at: variableEntry(name)) }

  /// The root node of the tree the variable `name` names.
  func root(of name: String) -> UInt32 { word(at: start(of: variable(name)) + 8) }

  /// The {value, key} pairs of the tree node `node`.
  func pairs(of node: UInt32) -> [(value: UInt32, key: UInt32)] {
    let start = start(of: node)
    let count = Int(bytes[start + 2]) << 8 | Int(bytes[start + 3])
    return (0..<count).map { (word(at: start + 12 + 8 * $0), word(at: start + 16 + 8 * $0)) }
  }

  /// Where pair `number` of node `node` lies.
  func pairOffset(_ number: Int, of node: UInt32) -> Int { start(of: node) + 12 + 8 * number }

  /// The leaf pair of the `Paths` tree (a single leaf) whose key names `name`.
  func pathsPair(named name: String) -> (value: UInt32, key: UInt32, number: Int) {
    let leaf = root(of: "Paths")
    for (number, pair) in pairs(of: leaf).enumerated() {
      let start = start(of: pair.key) + 4
      if bytes[start..<start + name.utf8.count + 1].elementsEqual(Array(name.utf8) + [0]) {
        return (pair.value, pair.key, number)
      }
    }
    fatalError("no path named \(name)")
  }

  /// The path ID of the leaf named `name`.
  func pathID(of name: String) -> UInt32 { word(at: start(of: pathsPair(named: name).value)) }

  /// The block of the record of the leaf named `name`.
  func recordBlock(of name: String) -> UInt32 {
    word(at: start(of: pathsPair(named: name).value) + 4)
  }

  /// Where the record of the leaf named `name` starts.
  func record(of name: String) -> Int { start(of: recordBlock(of: name)) }
}
