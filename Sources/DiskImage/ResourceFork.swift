import Foundation
import SystemSupport

/// The XML plist after the data fork: a `blkx` entry per partition and hdiutil's `plst` entry.
enum ResourceFork {
  /// A partition as the plist names it.
  struct Partition {
    let id: Int
    let name: String
    let table: BLKXTable
  }

  /// The plist bytes.
  static func xml(partitions: [Partition], license: LicenseAgreement? = nil)
    throws(DiskImageError) -> [UInt8]
  {
    let blkx: [[String: Any]] = partitions.map { partition in
      [
        "Attributes": "0x0050",
        "CFName": partition.name,
        "Data": Data(partition.table.bytes),
        "ID": String(partition.id),
        "Name": partition.name,
      ]
    }
    // hdiutil's single plst entry: 1032 bytes, all zero but bytes 517 and 519.
    var plstData = [UInt8](repeating: 0, count: 1032)
    plstData[517] = 1
    plstData[519] = 1
    let plst: [[String: Any]] = [
      ["Attributes": "0x0050", "Data": Data(plstData), "ID": "0", "Name": ""]
    ]
    var fork: [String: Any] = ["blkx": blkx, "plst": plst]
    for (type, entries) in license?.resources ?? [:] { fork[type] = entries }
    do {
      let data = try PropertyListSerialization.data(
        fromPropertyList: ["resource-fork": fork], format: .xml, options: 0)
      return [UInt8](data)
    } catch {
      throw .writeFailed("cannot make the resource plist: \(error)")
    }
  }

  /// The partitions described by a plist, and its license agreement if it has one.
  static func contents(from bytes: [UInt8]) throws(DiskImageError) -> (
    partitions: [Partition], license: LicenseAgreement?
  ) {
    let root: [String: Any]
    do {
      root = try PropertyListInput.dictionary(from: bytes)
    } catch {
      throw .malformed("the resource plist does not read: \(error)")
    }
    guard let fork = root["resource-fork"] as? [String: Any],
      let blkx = fork["blkx"] as? [[String: Any]]
    else { throw .malformed("the resource plist has no resource-fork/blkx array") }
    var partitions: [Partition] = []
    for (index, entry) in blkx.enumerated() {
      guard let data = entry["Data"] as? Data else {
        throw .malformed("blkx entry \(index) has no Data")
      }
      let id = (entry["ID"] as? String).flatMap(Int.init) ?? index - 1
      let name = entry["CFName"] as? String ?? entry["Name"] as? String ?? ""
      let table: BLKXTable
      do {
        table = try BLKXTable([UInt8](data))
      } catch .malformed(let reason) {
        throw .malformed("blkx entry \(index) (\(name.debugDescription)): \(reason)")
      }
      partitions.append(Partition(id: id, name: name, table: table))
    }
    return (partitions, LicenseAgreement(resourceFork: fork))
  }
}
