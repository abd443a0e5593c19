import Deflating
import InstallerPackage
import SystemSupport

/// The libFuzzer entry point over an installer payload, as `pkg verify` will stream a package's:
/// the input read as the payload itself (one gzip member), then as the odc cpio archive inside
/// one (gzipped here, fed to the reader in pieces of 1 to 4,096 bytes as its first byte says),
/// and the entries compared with an empty Bom.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  _ = try? PayloadReader.entries(in: bytes)
  let chunk = 1 << (Int(bytes.first ?? 0) % 13)
  var entries: [PayloadEntry] = []
  do {
    var payload: [UInt8] = []
    let deflater = try Deflater(level: 1, format: .gzip)
    try bytes.withUnsafeBytes { try deflater.deflate($0, finishing: true) { payload += $0 } }
    try PayloadReader.read(
      from: MemoryByteSource(payload), count: Int64(payload.count), pieceSize: chunk
    ) { entries.append($0) }
  } catch {
    return 0
  }
  _ = BomPayloadComparison.findings(bom: [], payload: entries)
  return 0
}
