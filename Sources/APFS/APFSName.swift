import Foundation

/// A file or folder name as APFS stores it: UTF-8 as given, with the hash that orders it.
///
/// Apple File System Reference, "Directory Entries": on a normalization-insensitive volume
/// (every volume hdiutil makes), a directory record's key carries a 22-bit hash of the name:
/// CRC-32C, seeded with `0xFFFFFFFF` and not inverted at the end, over the UTF-32 little-endian
/// scalars of the name in canonical decomposition (NFD), case-folded first when the volume is
/// case-insensitive. Two names with the same folded scalars are the same name to the volume.
/// Names are at most 255 UTF-8 bytes and hold neither NUL nor `/`.
package struct APFSName: Sendable, CustomStringConvertible {
  /// The stored UTF-8 bytes, without the terminating NUL.
  package let bytes: [UInt8]
  /// The scalars the hash and comparisons use: NFD, case-folded if the volume ignores case.
  package let comparisonScalars: [UInt32]

  /// The longest name APFS holds, in UTF-8 bytes.
  package static let maximumLength = 255

  /// Checks and converts a POSIX name for a volume that ignores case or not.
  ///
  /// - Throws: ``APFSError/invalidName(_:reason:)`` for an empty or too long name, or one
  ///   holding NUL or `/`.
  package init(_ name: String, caseSensitive: Bool) throws(APFSError) {
    let bytes = Array(name.utf8)
    guard !bytes.isEmpty else { throw .invalidName(name, reason: "it is empty") }
    guard bytes.count <= Self.maximumLength else {
      throw .invalidName(
        name,
        reason: "it has \(bytes.count) UTF-8 bytes, more than the \(Self.maximumLength) APFS allows"
      )
    }
    guard !bytes.contains(0), !bytes.contains(0x2F) else {
      throw .invalidName(name, reason: "APFS names cannot hold NUL or '/'")
    }
    self.bytes = bytes
    comparisonScalars = Self.normalized(name, caseFolding: !caseSensitive)
  }

  /// The name as text.
  package var description: String { String(decoding: bytes, as: UTF8.self) }

  /// The 22-bit hash, already shifted into place above the 10-bit length of a hashed key.
  package var hash: UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for scalar in comparisonScalars {
      withUnsafeBytes(of: scalar.littleEndian) { crc = CRC32C.update(crc, $0) }
    }
    return (crc & 0x3F_FFFF) << 10
  }

  /// The key field of a hashed directory record: the hash and the length with its NUL.
  package var lengthAndHash: UInt32 { hash | UInt32(bytes.count + 1) }

  /// Whether the volume sees the two names as one.
  package func isEquivalent(to other: APFSName) -> Bool {
    comparisonScalars == other.comparisonScalars
  }

  // MARK: - Normalization

  /// NFD, then full case folding of each scalar, then canonical reordering of the marks the
  /// folding may have moved, as APFS's own normalizer does.
  static func normalized(_ name: String, caseFolding: Bool) -> [UInt32] {
    if name.utf8.allSatisfy({ $0 < 0x80 }) {
      return asciiNormalized(name, caseFolding: caseFolding)
    }
    var scalars: [Unicode.Scalar] = []
    for scalar in name.decomposedStringWithCanonicalMapping.unicodeScalars {
      if caseFolding, let folded = foldedScalars[scalar.value] {
        scalars += folded.compactMap(Unicode.Scalar.init)
      } else {
        scalars.append(scalar)
      }
    }
    // A stable sort of each run of non-starters by combining class.
    var index = 0
    while index < scalars.count {
      guard scalars[index].properties.canonicalCombiningClass.rawValue != 0 else {
        index += 1
        continue
      }
      var end = index
      while end < scalars.count, scalars[end].properties.canonicalCombiningClass.rawValue != 0 {
        end += 1
      }
      let run = scalars[index..<end].enumerated().sorted {
        let (a, b) = (
          $0.element.properties.canonicalCombiningClass.rawValue,
          $1.element.properties.canonicalCombiningClass.rawValue
        )
        return a != b ? a < b : $0.offset < $1.offset
      }
      scalars.replaceSubrange(index..<end, with: run.map(\.element))
      index = end
    }
    return scalars.map(\.value)
  }

  /// What ``normalized(_:caseFolding:)`` gives a name of ASCII alone, without Foundation: ASCII
  /// is its own NFD and holds no marks to reorder, so only the folding is left.
  static func asciiNormalized(_ name: String, caseFolding: Bool) -> [UInt32] {
    var scalars: [UInt32] = []
    scalars.reserveCapacity(name.utf8.count)
    for byte in name.utf8 {
      if caseFolding, let folded = foldedScalars[UInt32(byte)] {
        scalars += folded
      } else {
        scalars.append(UInt32(byte))
      }
    }
    return scalars
  }

  /// The case-folding table, by scalar.
  static let foldedScalars: [UInt32: [UInt32]] = {
    var table: [UInt32: [UInt32]] = [:]
    var index = 0
    while index < caseFoldingRuns.count {
      let count = Int(caseFoldingRuns[index + 1])
      table[caseFoldingRuns[index]] = Array(caseFoldingRuns[(index + 2)..<(index + 2 + count)])
      index += 2 + count
    }
    return table
  }()
}
