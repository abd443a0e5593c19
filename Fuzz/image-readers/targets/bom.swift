import InstallerPackage

/// The libFuzzer entry point over a bill of materials (`Bom`), as `pkg verify` and `pkg inspect`
/// will read a package's: the BOMStore header, block table and variables, the `Paths` tree down
/// through its branches, every key and record, the paths rebuilt from their parents and their
/// order, and `Size64`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let records = try? BomReader.records(in: bytes) else { return 0 }
  for record in records {
    _ = (record.path, record.kind, record.size, record.slices)
  }
  return 0
}
