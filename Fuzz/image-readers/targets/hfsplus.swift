import HFSPlus

/// The libFuzzer entry point over an HFS+ volume: the input is the volume's start, read as if
/// zeros followed it up to 64 MiB (the seeds are real volumes with their trailing zeros cut).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let source = ZeroPaddedBytes(bytes: Array(UnsafeBufferPointer(start: data, count: size)))
  guard let volume = try? HFSPlusReader(source) else { return 0 }
  FuzzVolume.read(volume)
  return 0
}
