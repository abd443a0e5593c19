import Foundation
import SystemSupport

/// A version-2 alias record (the Finder's `AliasRecord`) for a file on the volume being built:
/// how the Finder finds the background picture (`backgroundImageAlias` in `icvp`).
///
/// Every field comes from the volume we write: its name and creation date, the file's and its
/// folder's catalog IDs, and the Carbon, POSIX and Unicode forms of the names. No bookmark is
/// written: dmgbuild dropped them when they broke backgrounds on macOS 26.2.
///
/// The fixed part holds the volume name in 27 bytes and the file name in 63: longer names are
/// cut there at a character boundary, and the full names go in the Unicode name extras (tags 14
/// and 15) and the paths, as the Finder writes them.
package struct AliasRecord: Sendable {
  /// The volume's name.
  package var volumeName: String
  /// The volume's creation date, in seconds since 1904.
  package var volumeDate: UInt32
  /// The target's name.
  package var fileName: String
  /// The target's catalog ID.
  package var fileID: UInt32
  /// The target's creation date, in seconds since 1904.
  package var fileDate: UInt32
  /// The folder holding the target: its name and catalog ID.
  package var folderName: String
  /// The folder's catalog ID.
  package var folderID: UInt32

  /// Makes a record.
  package init(
    volumeName: String, volumeDate: UInt32, fileName: String, fileID: UInt32, fileDate: UInt32,
    folderName: String, folderID: UInt32
  ) {
    self.volumeName = volumeName
    self.volumeDate = volumeDate
    self.fileName = fileName
    self.fileID = fileID
    self.fileDate = fileDate
    self.folderName = folderName
    self.folderID = folderID
  }

  /// The record's bytes.
  package var bytes: [UInt8] {
    var writer = ByteWriter()
    writer.writeZeros(4)  // application-specific information
    writer.writeInteger(UInt16(0))  // record length, set below
    writer.writeInteger(Int16(2))  // version
    writer.writeInteger(Int16(0))  // kind: file
    writePascal(volumeName, capacity: 28, into: &writer)
    writer.writeInteger(volumeDate)
    writer.writeBytes(Array("H+".utf8))
    writer.writeInteger(Int16(0))  // disk type: fixed
    writer.writeInteger(folderID)
    writePascal(fileName, capacity: 64, into: &writer)
    writer.writeInteger(fileID)
    writer.writeInteger(fileDate)
    writer.writeZeros(8)  // creator and type codes
    writer.writeInteger(Int16(-1))  // levels from
    writer.writeInteger(Int16(-1))  // levels to
    writer.writeInteger(UInt32(0))  // volume attributes
    writer.writeZeros(2 + 10)  // file system ID, reserved
    // Tags, in the Finder's order.
    writeTag(0, carbon(folderName), into: &writer)
    writeTag(16, bigEndian(UInt64(volumeDate) << 16), into: &writer)
    writeTag(17, bigEndian(UInt64(fileDate) << 16), into: &writer)
    writeTag(1, bigEndian(folderID), into: &writer)
    writeTag(2, carbon("\(volumeName):\(folderName):") + [0] + carbon(fileName), into: &writer)
    writeTag(14, unicode(fileName), into: &writer)
    writeTag(15, unicode(volumeName), into: &writer)
    writeTag(18, Array("/\(folderName)/\(fileName)".utf8), into: &writer)
    writeTag(19, Array("/Volumes/\(volumeName)".utf8), into: &writer)
    writer.writeInteger(Int16(-1))
    writer.writeInteger(UInt16(0))
    writer.setInteger(UInt16(writer.count), at: 4)
    return writer.bytes
  }

  /// The POSIX path on its volume (tag 18) that a version-2 alias record names, if any.
  package static func posixPath(in bytes: [UInt8]) -> String? {
    let reader = ByteReader(bytes)
    var offset = 150  // the fixed part of a version-2 record
    while let tag = try? reader.getInteger(at: offset, as: Int16.self), tag != -1,
      let length = try? reader.getInteger(at: offset + 2, as: UInt16.self)
    {
      if tag == 18, let path = try? reader.getBytes(at: offset + 4, count: Int(length)) {
        return String(decoding: path, as: UTF8.self)
      }
      offset += 4 + Int(length) + Int(length) % 2
    }
    return nil
  }

  /// A Carbon name: UTF-8 with `:` (the Carbon separator) shown as `/`.
  private func carbon(_ name: String) -> [UInt8] {
    Array(name.replacingOccurrences(of: ":", with: "/").utf8)
  }

  /// A Carbon name in a fixed Pascal field of `capacity` bytes, length byte included: cut at the
  /// last whole character that fits.
  private func writePascal(_ name: String, capacity: Int, into writer: inout ByteWriter) {
    var clipped: [UInt8] = []
    for character in name.replacingOccurrences(of: ":", with: "/") {
      let bytes = Array(String(character).utf8)
      guard clipped.count + bytes.count <= capacity - 1 else { break }
      clipped += bytes
    }
    writer.writeInteger(UInt8(clipped.count))
    writer.writeBytes(clipped)
    writer.writeZeros(capacity - 1 - clipped.count)
  }

  /// A Unicode name tag's value: the count of UTF-16 units, then the units.
  private func unicode(_ name: String) -> [UInt8] {
    let units = Array(name.replacingOccurrences(of: ":", with: "/").utf16)
    var writer = ByteWriter()
    writer.writeInteger(UInt16(units.count))
    for unit in units { writer.writeInteger(unit) }
    return writer.bytes
  }

  private func bigEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
    var writer = ByteWriter()
    writer.writeInteger(value)
    return writer.bytes
  }

  private func writeTag(_ tag: Int16, _ value: [UInt8], into writer: inout ByteWriter) {
    writer.writeInteger(tag)
    writer.writeInteger(UInt16(value.count))
    writer.writeBytes(value)
    writer.pad(toMultipleOf: 2)
  }
}
