import Foundation

/// A file or folder name as HFS+ stores it: UTF-16, decomposed, with `:` stored as `/`.
///
/// TN1150 ("Unicode Subtleties"): names are stored decomposed, as the Mac's kernel decomposes
/// them (see ``decomposedUnits(of:)``). A POSIX name's `:` is stored as `/` (the Finder shows `/`
/// as `:`). At most 255 UTF-16 units.
package struct HFSPlusName: Hashable, Sendable, CustomStringConvertible {
  /// The stored UTF-16 units.
  package let units: [UInt16]

  private static let colon: UInt16 = 0x3A
  private static let slash: UInt16 = 0x2F

  /// The longest name HFS+ holds, in UTF-16 units.
  package static let maximumLength = 255

  /// Converts a POSIX name.
  ///
  /// - Throws: ``HFSPlusError`` when the name is empty or longer than 255 UTF-16 units.
  package init(_ posixName: String) throws(HFSPlusError) {
    let units = Self.decomposedUnits(of: posixName).map { $0 == Self.colon ? Self.slash : $0 }
    guard !units.isEmpty else { throw .invalidName(posixName, reason: "it is empty") }
    guard units.count <= Self.maximumLength else {
      throw .invalidName(
        posixName,
        reason:
          "it has \(units.count) UTF-16 units once decomposed, more than the \(Self.maximumLength) HFS+ allows"
      )
    }
    self.units = units
  }

  /// Makes a name from stored units, as read from a volume.
  package init(units: [UInt16]) {
    self.units = units
  }

  /// The name back in POSIX form: `/` becomes `:` again.
  package var posixName: String {
    String(decoding: units.map { $0 == Self.slash ? Self.colon : $0 }, as: UTF16.self)
  }

  /// The stored name, as text.
  package var description: String { String(decoding: units, as: UTF16.self) }

  // MARK: - Decomposition

  /// `name` in UTF-16 as a Mac stores it on HFS+: what xnu's `utf8_decodestr` makes with
  /// `UTF_DECOMPOSED` (`bsd/vfs/vfs_utfconv.c`).
  ///
  /// That conversion decomposes with a Unicode 3.2 table, and only characters of the Basic
  /// Multilingual Plane, leaving out U+2000–U+2FFF and U+F900–U+FAFF (TN1150's exclusions);
  /// characters beyond the BMP pass through as surrogate pairs, undecomposed. Runs of
  /// combining marks are then put in canonical order by their Unicode 3.2 combining classes,
  /// which the surrogates of characters beyond the BMP do not take part in. So a character
  /// whose decomposition came after Unicode 3.2 (Balinese U+1B06, U+1D15E) is stored as given,
  /// and so is the order of a mark newer than Unicode 3.2, where today's NFD would differ.
  static func decomposedUnits(of name: String) -> [UInt16] {
    if name.utf8.allSatisfy({ $0 < 0x80 }) { return Array(name.utf16) }
    var units: [UInt16] = []
    var classes: [UInt8] = []
    units.reserveCapacity(name.utf16.count)
    classes.reserveCapacity(name.utf16.count)
    for scalar in name.unicodeScalars {
      for part in macDecomposition(of: scalar) {
        let combiningClass = macCombiningClass(of: part)
        for unit in String(part).utf16 {
          units.append(unit)
          classes.append(combiningClass)
        }
      }
    }
    putMarksInCanonicalOrder(&units, classes: &classes)
    return units
  }

  /// What the Mac's table decomposes `scalar` into: itself unless it is a BMP character, outside
  /// TN1150's excluded ranges, that has a canonical decomposition in Unicode 3.2.
  static func macDecomposition(of scalar: Unicode.Scalar) -> [Unicode.Scalar] {
    guard scalar.value >= 0xC0, scalar.value <= 0xFFFF, !isExcludedFromDecomposition(scalar),
      isInUnicode32(scalar)
    else { return [scalar] }
    // A decomposition of a Unicode 3.2 character holds only Unicode 3.2 characters (the
    // stability policy), so today's NFD of it is the 3.2 one.
    return Array(String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars)
  }

  /// The combining class xnu's Unicode 3.2 table gives `scalar`: 0 beyond the BMP and for
  /// characters assigned after Unicode 3.2 (classes of assigned characters never change).
  static func macCombiningClass(of scalar: Unicode.Scalar) -> UInt8 {
    guard scalar.value <= 0xFFFF, isInUnicode32(scalar) else { return 0 }
    return UInt8(scalar.properties.canonicalCombiningClass.rawValue)
  }

  static func isInUnicode32(_ scalar: Unicode.Scalar) -> Bool {
    guard let age = scalar.properties.age else { return false }
    return age.major < 3 || (age.major == 3 && age.minor <= 2)
  }

  /// xnu's `prioritysort`: a stable bubble sort that moves a mark before its neighbour when the
  /// neighbour's class is higher; class 0 stays where it is.
  static func putMarksInCanonicalOrder(_ units: inout [UInt16], classes: inout [UInt8]) {
    var changed = true
    while changed {
      changed = false
      for index in classes.indices.dropLast()
      where classes[index] > classes[index + 1] && classes[index + 1] != 0 {
        units.swapAt(index, index + 1)
        classes.swapAt(index, index + 1)
        changed = true
      }
    }
  }

  static func isExcludedFromDecomposition(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x2000...0x2FFF, 0xF900...0xFAFF, 0x2F800...0x2FAFF: true
    default: false
    }
  }

  // MARK: - Comparison

  /// Compares two stored names as HFS+ orders its catalog (TN1150 `FastUnicodeCompare`):
  /// units are folded through the case-folding table, ignorable units are skipped, and the
  /// rest compare as unsigned 16-bit values.
  ///
  /// - Returns: A negative number, 0 or a positive number.
  package static func compare(_ lhs: [UInt16], _ rhs: [UInt16]) -> Int {
    var left = lhs.makeIterator()
    var right = rhs.makeIterator()
    while true {
      let a = nextFolded(&left)
      let b = nextFolded(&right)
      switch (a, b) {
      case (nil, nil): return 0
      case (nil, _): return -1
      case (_, nil): return 1
      case (let a?, let b?) where a != b: return Int(a) - Int(b)
      default: continue
      }
    }
  }

  private static func nextFolded(_ iterator: inout IndexingIterator<[UInt16]>) -> UInt16? {
    while let unit = iterator.next() {
      let folded = caseFolding[unit] ?? unit
      if folded != 0 { return folded }
    }
    return nil
  }

  /// Whether two names are the same under HFS+ comparison (so they cannot share a folder).
  package func isEquivalent(to other: HFSPlusName) -> Bool {
    Self.compare(units, other.units) == 0
  }
}
