import FinderLayout

/// The libFuzzer entry point over an alias record (a background picture's, as `.DS_Store`
/// holds it): the tagged fields after the fixed part.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  _ = AliasRecord.posixPath(in: Array(UnsafeBufferPointer(start: data, count: size)))
  return 0
}
