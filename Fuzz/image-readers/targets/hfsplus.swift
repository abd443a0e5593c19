import HFSPlus
import SystemSupport

/// The libFuzzer entry point over an HFS+ volume: the input is the volume's start, read as if
/// zeros followed it up to 64 MiB (the seeds are real volumes with their trailing zeros cut).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let source = ZeroPaddedBytes(bytes: Array(UnsafeBufferPointer(start: data, count: size)))
  guard let volume = try? HFSPlusReader(source) else { return 0 }
  FuzzVolume.read(volume)
  return 0
}

/// The input, then zeros up to `length`.
struct ZeroPaddedBytes: RandomAccessByteSource {
  let bytes: [UInt8]
  let length: Int64 = 64 << 20

  func read(at offset: Int64, count: Int) throws -> [UInt8] {
    guard offset >= 0, count >= 0, offset < length else { return [] }
    let end = min(length, offset + Int64(count))
    var result = [UInt8](repeating: 0, count: Int(end - offset))
    if offset < Int64(bytes.count) {
      let stored = bytes[Int(offset)..<Int(min(end, Int64(bytes.count)))]
      result.replaceSubrange(0..<stored.count, with: stored)
    }
    return result
  }
}
