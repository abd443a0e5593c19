import SystemSupport
import XarArchive

/// The libFuzzer entry point over a xar archive, as the installer-package commands will read a
/// `.pkg`: the header, the zlib table of contents and its XML (checked against its checksum),
/// and every file's data (stored and zlib, both checksums checked), files of up to 1 MiB.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let xar = try? XarReader(source: MemoryByteSource(bytes), size: Int64(size)) else {
    return 0
  }
  for entry in xar.entries {
    _ = (entry.path, entry.kind, entry.mode)
    _ = try? xar.contents(of: entry, limit: 1 << 20)
  }
  return 0
}
