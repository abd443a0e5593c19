import CodeSigning

/// The libFuzzer entry point over an embedded code signature: the superblob, its code
/// directory, and the CMS signature's DER (certificates and signed attributes).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard let superblob = try? EmbeddedSignature(Array(UnsafeBufferPointer(start: data, count: size)))
  else { return 0 }
  if let directory = superblob[.codeDirectory], let codeDirectory = try? CodeDirectory(directory) {
    _ = codeDirectory.cdhash
  }
  if let blob = superblob[.signature], blob.count > 8,
    let cms = try? CMSSignature(encoded: Array(blob[8...]))
  {
    _ = cms.certificatesVerify()
  }
  return 0
}
