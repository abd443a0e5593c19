import COpenSSL
import Digests
package import Foundation

/// Builds the CMS signature (SignedData, detached) over code directories, as Apple's `codesign`
/// does, with OpenSSL.
///
/// The signed content is the first (slot-0) code directory. Signed attributes: content type
/// (id-data), message digest (SHA-256 of that code directory, whatever its own hash type),
/// signing time, Apple's cdhashes plist (1.2.840.113635.100.9.1: the 20-byte cdhash of every code
/// directory) and cdhashes2 (1.2.840.113635.100.9.2: one `SEQUENCE { hash OID, full cdhash }`
/// per code directory). The certificates are the leaf and the chain the identity carries. A
/// timestamp token is added afterwards with ``addingTimestamp(_:to:)``, since it signs the
/// signature's value.
package struct CMSSignatureBuilder: Sendable {
  /// The signer.
  package let identity: SignerIdentity

  /// Makes a builder.
  package init(identity: SignerIdentity) { self.identity = identity }

  /// The DER bytes of a CMS `ContentInfo` signing `codeDirectories`.
  ///
  /// - Parameters:
  ///   - codeDirectories: The code directory blobs in slot order (slot 0, then 0x1000…); the
  ///     first is the detached content. Each is hashed with the type its `hashType` byte names.
  ///   - signingTime: The `signingTime` attribute's value.
  /// - Returns: The DER bytes.
  /// - Throws: ``CodeSigningError/signingFailed(_:)`` with OpenSSL's reason.
  package func sign(codeDirectories: [[UInt8]], signingTime: Date) throws(CodeSigningError)
    -> [UInt8]
  {
    ERR_clear_error()
    guard let content = codeDirectories.first else { throw .signingFailed("no code directory") }
    let cdhashes = try codeDirectories.map { directory throws(CodeSigningError) in
      guard directory.count > 37,
        let algorithm = DigestAlgorithm(codeDirectoryHashType: directory[37])
      else { throw .signingFailed("a code directory names no known hash type") }
      return (algorithm: algorithm, hash: algorithm.digest(directory))
    }
    let plist = Array(Self.cdhashesPlist(cdhashes.map { Array($0.hash.prefix(20)) }).utf8)
    let cdhashes2 = cdhashes.map { Self.digestSequence($0.hash, algorithm: $0.algorithm) }
    return try signedData(content: content, signingTime: signingTime) { signer in
      CMS_signed_add1_attr_by_txt(
        signer, "1.2.840.113635.100.9.1", V_ASN1_OCTET_STRING, plist, Int32(plist.count)) == 1
        && Self.addAttribute("1.2.840.113635.100.9.2", sequences: cdhashes2, to: signer)
    }
  }

  /// The DER bytes of a CMS `ContentInfo` signing `content` (detached) with no attribute of
  /// Apple's: content type, signing time and message digest (SHA-256), as `productsign` signs
  /// an installer package's table digest.
  ///
  /// - Parameters:
  ///   - content: The bytes signed, which the signature does not hold.
  ///   - signingTime: The `signingTime` attribute's value.
  /// - Returns: The DER bytes.
  /// - Throws: ``CodeSigningError/signingFailed(_:)`` with OpenSSL's reason.
  package func sign(detachedContent content: [UInt8], signingTime: Date) throws(CodeSigningError)
    -> [UInt8]
  {
    ERR_clear_error()
    return try signedData(content: content, signingTime: signingTime) { _ in true }
  }

  /// A SignedData over `content` by the identity, with the chain, the signing time and what
  /// `addAttributes` adds to the signer's signed attributes (`false` when it fails).
  private func signedData(
    content: [UInt8], signingTime: Date, addAttributes: (OpaquePointer) -> Bool
  ) throws(CodeSigningError) -> [UInt8] {
    let flags = UInt32(CMS_DETACHED | CMS_BINARY | CMS_PARTIAL | CMS_NOSMIMECAP)
    guard let cms = CMS_sign(nil, nil, nil, nil, flags) else { throw failure("CMS_sign") }
    defer { CMS_ContentInfo_free(cms) }
    guard
      let signer = CMS_add1_signer(
        cms, identity.certificate, identity.privateKey, EVP_sha256(), flags | UInt32(CMS_NOCERTS))
    else { throw failure("the certificate and key cannot sign (CMS_add1_signer)") }
    // The leaf first, then its issuers, as codesign orders them.
    for certificate in [identity.certificate] + identity.chain {
      guard CMS_add1_cert(cms, certificate) == 1 else { throw failure("adding a certificate") }
    }
    guard let time = ASN1_TIME_set(nil, time_t(signingTime.timeIntervalSince1970)) else {
      throw failure("signing time")
    }
    defer { ASN1_STRING_free(time) }
    guard
      CMS_signed_add1_attr_by_NID(signer, NID_pkcs9_signingTime, time.pointee.type, time, -1) == 1,
      addAttributes(signer)
    else { throw failure("signed attributes") }
    let finished = OpenSSL.withMemoryBIO(content) { content in
      CMS_final(cms, content, nil, UInt32(CMS_DETACHED | CMS_BINARY))
    }
    guard finished == 1 else { throw failure("CMS_final") }
    guard let der = OpenSSL.der({ i2d_CMS_ContentInfo(cms, $0) }) else {
      throw failure("encoding")
    }
    return der
  }

  /// The signature value of the (first) signer of a CMS `ContentInfo`: what a timestamp signs.
  package static func signatureValue(of der: [UInt8]) throws(CodeSigningError) -> [UInt8] {
    try withSigner(of: der) { _, signer in
      guard let value = CMS_SignerInfo_get0_signature(signer) else { return nil }
      return Array(
        UnsafeBufferPointer(
          start: ASN1_STRING_get0_data(value), count: Int(ASN1_STRING_length(value))))
    }
  }

  /// `der` with an RFC 3161 timestamp token as the signer's unsigned attribute
  /// 1.2.840.113549.1.9.16.2.14.
  package static func addingTimestamp(_ token: [UInt8], to der: [UInt8]) throws(CodeSigningError)
    -> [UInt8]
  {
    try withSigner(of: der) { cms, signer in
      guard
        CMS_unsigned_add1_attr_by_txt(
          signer, "1.2.840.113549.1.9.16.2.14", V_ASN1_SEQUENCE, token, Int32(token.count)) == 1
      else { return nil }
      return OpenSSL.der { i2d_CMS_ContentInfo(cms, $0) }
    }
  }

  /// `der` with an RFC 3161 token that `timestamper` issues for its signature value.
  ///
  /// - Throws: ``CodeSigningError`` when the token does not answer the request, or what
  ///   `timestamper` throws.
  package static func addingTimestamp(
    using timestamper: CodeSignatureBuilder.Timestamper, to der: [UInt8]
  ) async throws -> [UInt8] {
    let message = try TimestampMessage(stamping: try signatureValue(of: der))
    let token = try message.token(fromReply: try await timestamper(message.request))
    return try addingTimestamp(token, to: der)
  }

  private static func withSigner(
    of der: [UInt8], _ body: (OpaquePointer, OpaquePointer) -> [UInt8]?
  ) throws(CodeSigningError) -> [UInt8] {
    ERR_clear_error()
    let result = der.withUnsafeBufferPointer { buffer -> [UInt8]? in
      var pointer = buffer.baseAddress
      guard let cms = d2i_CMS_ContentInfo(nil, &pointer, buffer.count) else { return nil }
      defer { CMS_ContentInfo_free(cms) }
      guard let signers = CMS_get0_SignerInfos(cms), let first = OPENSSL_sk_value(signers, 0)
      else { return nil }
      return body(cms, OpaquePointer(first))
    }
    guard let result else {
      throw .signingFailed("the CMS signature cannot be changed: \(OpenSSL.drainErrors())")
    }
    return result
  }

  private func failure(_ step: String) -> CodeSigningError {
    .signingFailed("\(step): \(OpenSSL.drainErrors())")
  }

  /// Apple's cdhashes attribute: an XML property list `{cdhashes: [<data>…]}` of the 20-byte
  /// truncated code directory hashes, in the layout `codesign` writes.
  static func cdhashesPlist(_ hashes: [[UInt8]]) -> String {
    let items = hashes.map { "\t\t<data>\n\t\t\(Data($0).base64EncodedString())\n\t\t</data>\n" }
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict>
      \t<key>cdhashes</key>
      \t<array>
      \(items.joined())\t</array>
      </dict>
      </plist>

      """
  }

  /// Adds a signed attribute whose value set holds `sequences` (DER `SEQUENCE`s).
  private static func addAttribute(
    _ oid: String, sequences: [[UInt8]], to signer: OpaquePointer
  ) -> Bool {
    guard let first = sequences.first,
      let attribute = X509_ATTRIBUTE_create_by_txt(
        nil, oid, V_ASN1_SEQUENCE, first, Int32(first.count))
    else { return false }
    defer { X509_ATTRIBUTE_free(attribute) }
    for sequence in sequences.dropFirst()
    where X509_ATTRIBUTE_set1_data(attribute, V_ASN1_SEQUENCE, sequence, Int32(sequence.count))
      != 1
    {
      return false
    }
    return CMS_signed_add1_attr(signer, attribute) == 1
  }

  /// `SEQUENCE { hash OID, OCTET STRING digest }`, a value of Apple's cdhashes2 attribute.
  static func digestSequence(_ digest: [UInt8], algorithm: DigestAlgorithm) -> [UInt8] {
    let oid: [UInt8] =
      switch algorithm {
      case .sha1: [0x2B, 0x0E, 0x03, 0x02, 0x1A]  // 1.3.14.3.2.26
      case .sha256, .sha256Truncated: [0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01]
      case .sha384: [0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x02]
      }
    return DEREncoding.element(
      0x30, DEREncoding.element(0x06, oid) + DEREncoding.element(0x04, digest))
  }
}
