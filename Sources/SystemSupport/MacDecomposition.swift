import Foundation

/// Names as a Mac's kernel decomposes them for HFS+ (xnu's `utf8_decodestr` with
/// `UTF_DECOMPOSED`, in `bsd/vfs/vfs_utfconv.c`): what the volume stores, and so what the
/// Finder reads back and records in a `.DS_Store`.
package enum MacDecomposition {
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
  package static func utf16(of name: String) -> [UInt16] {
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
}
