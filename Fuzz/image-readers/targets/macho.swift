import CodeSigning

/// The libFuzzer entry point over a Mach-O file, thin or universal: the universal header, each
/// slice's header and load commands, what signing reads of them, and the signature reader's
/// checks of each slice's embedded signature.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  _ = MachOFile.isMachO(prefix: Array(bytes.prefix(8)))
  guard let file = try? MachOFile(bytes: bytes, path: "fuzz") else { return 0 }
  for slice in file.slices {
    _ = slice.macho.facts(codeLimit: slice.range.count)
    _ = slice.macho.embeddedInfoPlist
    _ = slice.macho.firstDataOffset
  }
  _ = try? MachOSignatureReader(bytes: bytes, path: "fuzz")
  return 0
}
