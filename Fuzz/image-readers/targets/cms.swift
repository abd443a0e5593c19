import CodeSigning

/// Apple's roots, parsed once.
let policy = TrustPolicy()

/// The libFuzzer entry point over a CMS signature in BER or DER, as the signature slot of a code
/// signature holds it: the reader (indefinite lengths, constructed strings, certificates, signed
/// and unsigned attributes), the certificates' signatures, the signature over a few bytes, the
/// time-stamp token and the chain's evaluation.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let cms = try? CMSSignature(encoded: bytes) else {
    // A time-stamp token is a CMS signature too, read by OpenSSL.
    _ = TimestampToken(encoded: bytes)
    return 0
  }
  _ = cms.certificatesVerify()
  _ = cms.verifies(content: Array(bytes.prefix(64)))
  if let encoded = cms.timestampToken, let token = TimestampToken(encoded: encoded) {
    _ = token.problem(stamping: cms.signatureValue, policy: policy)
  }
  _ = policy.evaluate(chain: cms.certificatesDER, at: nil)
  return 0
}
