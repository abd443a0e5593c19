import APFS

/// The libFuzzer entry point over a raw APFS container: the input is the container's start,
/// read as if zeros followed it up to 64 MiB (the seeds are our containers with their trailing
/// zeros cut).
///
/// Every object carries a Fletcher-64 checksum, so a mutated input would stop at the first
/// check: before parsing, every block that is not all zeros is resealed (data blocks too, which
/// no reader checks), so the mutations reach the container, object-map, B-tree, file-system and
/// extent parsers. The checksum checks themselves are covered by the tests.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = resealed(Array(UnsafeBufferPointer(start: data, count: size)))
  guard let container = try? APFSReader(ZeroPaddedBytes(bytes: bytes)) else { return 0 }
  FuzzVolume.read(container)
  return 0
}

/// `bytes` with the checksum of every whole, non-zero block rewritten; the block size is block
/// 0's when it is a power of two from 4 to 64 KiB, else 4 KiB.
func resealed(_ bytes: [UInt8]) -> [UInt8] {
  let claimed = bytes.count >= 40 ? bytes[36..<40].reversed().reduce(0) { $0 << 8 | Int($1) } : 0
  let blockSize = (4096...65536).contains(claimed) && claimed.nonzeroBitCount == 1 ? claimed : 4096
  var result = bytes
  var start = 0
  while start + blockSize <= result.count {
    var block = Array(result[start..<(start + blockSize)])
    if block.contains(where: { $0 != 0 }) {
      Fletcher64.seal(&block)
      result.replaceSubrange(start..<(start + blockSize), with: block)
    }
    start += blockSize
  }
  return result
}
