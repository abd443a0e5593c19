import CZlib

/// The fixed facts of the zip format (PKWARE's APPNOTE.TXT, 6.3.10) that the writer and the reader
/// share: record signatures, the version numbers, flags and the Unix mode bits kept in an
/// entry's external attributes.
package enum ZipFormat {
  /// `PK\3\4`: a local file header.
  package static let localHeaderSignature: UInt32 = 0x0403_4b50
  /// `PK\1\2`: a central directory header.
  package static let centralHeaderSignature: UInt32 = 0x0201_4b50
  /// `PK\5\6`: the end of central directory record.
  package static let endOfCentralDirectorySignature: UInt32 = 0x0605_4b50
  /// `PK\6\6`: the Zip64 end of central directory record.
  package static let zip64EndOfCentralDirectorySignature: UInt32 = 0x0606_4b50
  /// `PK\6\7`: the Zip64 end of central directory locator.
  package static let zip64LocatorSignature: UInt32 = 0x0706_4b50
  /// `PK\7\8`: the optional signature of a data descriptor.
  package static let dataDescriptorSignature: UInt32 = 0x0807_4b50
  /// The header ID of the Zip64 extended information extra field.
  package static let zip64ExtraFieldID: UInt16 = 0x0001
  /// The value a 32-bit size or offset holds when the real one is in the Zip64 extra field.
  package static let zip64Marker32: UInt32 = 0xFFFF_FFFF
  /// The value a 16-bit count holds when the real one is in the Zip64 record.
  package static let zip64Marker16: UInt16 = 0xFFFF

  /// Compression method 0: stored.
  package static let methodStored: UInt16 = 0
  /// Compression method 8: deflate (raw, RFC 1951).
  package static let methodDeflate: UInt16 = 8

  /// "Version made by": 3 (Unix) in the high byte, so readers take the mode from the external
  /// attributes; 4.5 in the low byte (Zip64).
  package static let versionMadeByUnix: UInt16 = 3 << 8 | 45
  /// Version needed to extract an entry without Zip64: 2.0 (deflate, folders).
  package static let versionNeededDefault: UInt16 = 20
  /// Version needed to extract an entry with Zip64 fields: 4.5.
  package static let versionNeededZip64: UInt16 = 45

  /// General-purpose flag bit 3: sizes and CRC-32 follow the data in a data descriptor.
  package static let flagDataDescriptor: UInt16 = 1 << 3
  /// General-purpose flag bit 11: the name is UTF-8.
  package static let flagUTF8: UInt16 = 1 << 11

  /// The Unix file-type bits of `st_mode` (`S_IFMT`) and the three kinds an archive holds.
  package static let unixTypeMask: UInt32 = 0o170000
  /// A regular file (`S_IFREG`).
  package static let unixRegularFile: UInt32 = 0o100000
  /// A folder (`S_IFDIR`).
  package static let unixDirectory: UInt32 = 0o040000
  /// A symbolic link (`S_IFLNK`): the entry's data is the link's target.
  package static let unixSymbolicLink: UInt32 = 0o120000

  /// The CRC-32 of `bytes` (zlib's), continuing from `crc`.
  package static func crc32(_ bytes: UnsafeRawBufferPointer, continuing crc: UInt32 = 0) -> UInt32 {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return crc }
    return UInt32(
      CZlib.crc32(UInt(crc), base.assumingMemoryBound(to: UInt8.self), UInt32(bytes.count)))
  }
}
