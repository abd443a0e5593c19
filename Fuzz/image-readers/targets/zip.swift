import SystemSupport
import ZipArchive

/// The bytes of one fuzz input, read at any offset.
struct FuzzBytes: RandomAccessByteSource {
  let bytes: [UInt8]

  func read(at offset: Int64, count: Int) throws -> [UInt8] {
    guard offset >= 0, offset < Int64(bytes.count), count > 0 else { return [] }
    let start = Int(offset)
    return Array(bytes[start..<min(bytes.count, start + count)])
  }
}

/// The libFuzzer entry point over a zip archive, as `notarize` and `appcast` read an app's zip:
/// the end records (Zip64 included), the central directory and every entry's local header and
/// data (stored and deflated, CRC-32 checked), entries of up to 1 MiB.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let zip = try? ZipReader(source: FuzzBytes(bytes: bytes), size: Int64(size)) else {
    return 0
  }
  for entry in zip.entries {
    _ = (entry.name, entry.isSymbolicLink)
    _ = try? zip.contents(of: entry, limit: 1 << 20)
  }
  return 0
}
