import FinderLayout

/// The libFuzzer entry point over a `.DS_Store` file: its buddy allocator, table of contents and
/// B-tree, then the layout `dmg inspect` shows from its records (plists and aliases included).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let records = try? DSStoreReader.records(in: bytes) else { return 0 }
  let layout = FinderWindowLayout(records: records)
  _ = (layout.windowBounds, layout.backgroundColor?.hex)
  return 0
}
