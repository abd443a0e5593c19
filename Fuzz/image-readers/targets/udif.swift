import APFS
import DiskImage
import Foundation
import HFSPlus

/// The libFuzzer entry point over a whole UDIF image, as `dmg inspect` reads it: the koly trailer,
/// the resource property list, every blkx table and chunk, and the HFS+ volume or APFS container
/// (read whatever the partition's checksum says, so that mutated volumes are reached too).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let path = FuzzScratch.path
  guard FileManager.default.createFile(atPath: path, contents: Data(bytes: data, count: size))
  else { fatalError("cannot write \(path)") }
  guard let reader = try? DiskImageReader(path: path) else { return 0 }
  _ = reader.computedMasterChecksum
  _ = reader.license?.text
  for partition in reader.partitions { _ = reader.check(partition) }
  if let hfs = reader.hfsPartition, let volume = try? HFSPlusReader(reader.bytes(of: hfs)) {
    FuzzVolume.read(volume)
  }
  if let apfs = reader.apfsPartition, let container = try? APFSReader(reader.bytes(of: apfs)) {
    FuzzVolume.read(container)
  }
  return 0
}

/// The file each input is written to (the reader opens a path).
enum FuzzScratch {
  static let path = FileManager.default.temporaryDirectory
    .appendingPathComponent("shipyard-fuzz-udif-\(getpid()).dmg").path
}
