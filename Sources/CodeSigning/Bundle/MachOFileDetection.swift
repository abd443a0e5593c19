package import SystemSupport

/// Tells Mach-O files from data by their first eight bytes, as the bundle scan must: every
/// Mach-O file in a bundle is signed, wherever it lies (reference §10).
package enum MachOFileDetection {
  /// The thin magics in both byte orders: `MH_MAGIC`, `MH_MAGIC_64` and their swapped forms.
  static let thinMagics: Set<UInt32> = [0xFEED_FACE, 0xFEED_FACF, 0xCEFA_EDFE, 0xCFFA_EDFE]
  /// `FAT_MAGIC` and `FAT_MAGIC_64`, always big-endian.
  static let fatMagics: Set<UInt32> = [0xCAFE_BABE, 0xCAFE_BABF]
  /// The most slices a universal header is taken to have: a Java class file starts with
  /// `0xcafebabe` too, followed by its version (45 or more), where a fat header has `nfat_arch`.
  static let maximumSliceCount: UInt32 = 20

  /// Whether `prefix`, a file's first bytes, starts a Mach-O file, thin or universal.
  static func isMachO(prefix: [UInt8]) -> Bool {
    guard prefix.count >= 8 else { return false }
    let magic = prefix[0..<4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    if thinMagics.contains(magic) { return true }
    guard fatMagics.contains(magic) else { return false }
    let count = prefix[4..<8].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    return (1...maximumSliceCount).contains(count)
  }

  /// Whether the regular file at `path` is Mach-O.
  ///
  /// - Throws: ``SystemError`` when it cannot be opened or read.
  package static func isMachO(at path: String) throws(SystemError) -> Bool {
    let descriptor = try FileDescriptor.openForReading(path)
    defer { descriptor.close() }
    return isMachO(prefix: try descriptor.read(at: 0, count: 8))
  }
}
