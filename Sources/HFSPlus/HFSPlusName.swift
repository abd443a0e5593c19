import Foundation
import SystemSupport

/// A file or folder name as HFS+ stores it: UTF-16, decomposed, with `:` stored as `/`.
///
/// TN1150 ("Unicode Subtleties"): names are stored decomposed, as the Mac's kernel decomposes
/// them (see `MacDecomposition`). A POSIX name's `:` is stored as `/` (the Finder shows `/`
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
    let units = MacDecomposition.utf16(of: posixName).map { $0 == Self.colon ? Self.slash : $0 }
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

  // MARK: - Comparison

  /// Compares two stored names as HFS+ orders its catalog (TN1150 `FastUnicodeCompare`):
  /// units are folded through the case-folding table, ignorable units are skipped, and the
  /// rest compare as unsigned 16-bit values.
  ///
  /// - Returns: A negative number, 0 or a positive number.
  package static func compare(
    _ lhs: some Collection<UInt16>, _ rhs: some Collection<UInt16>
  ) -> Int {
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

  private static func nextFolded(_ iterator: inout some IteratorProtocol<UInt16>) -> UInt16? {
    while let unit = iterator.next() {
      let folded = folded(unit)
      if folded != 0 { return folded }
    }
    return nil
  }

  /// `unit` through the case-folding table; ASCII, which most names are, without the look-up
  /// (the table's only ASCII entries are A–Z and U+0000).
  static func folded(_ unit: UInt16) -> UInt16 {
    guard unit < 0x80 else { return caseFolding[unit] ?? unit }
    if unit == 0 { return 0xFFFF }
    return unit &- 0x41 < 26 ? unit | 0x20 : unit
  }

  /// Whether two names are the same under HFS+ comparison (so they cannot share a folder).
  package func isEquivalent(to other: HFSPlusName) -> Bool {
    Self.compare(units, other.units) == 0
  }
}
