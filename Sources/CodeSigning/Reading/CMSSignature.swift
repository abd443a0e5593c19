import Foundation

#if canImport(Security)
import Security
#elseif canImport(COpenSSL)
import COpenSSL
#endif

/// The CMS signature of a code directory (the `0xfade0b01` blob): who signed, and whether the
/// signature holds.
package struct CMSSignature: Sendable {
  /// A certificate carried in the signature.
  package struct Certificate: Sendable, Equatable {
    /// The subject, as `CN=…, OU=…, O=…, C=…` (in the certificate's order).
    package let subject: String
    /// The issuer, in the same form.
    package let issuer: String
  }

  /// The certificates, signer first, then the others in the order the signature holds them.
  package let certificates: [Certificate]
  /// The certificates' DER, in the order of ``certificates`` (signer first).
  package let certificatesDER: [[UInt8]]
  /// The signer's `signature` value, which a time-stamp token stamps.
  package let signatureValue: [UInt8]
  /// The RFC 3161 time-stamp token (a CMS `ContentInfo`, in DER or BER as attached), when one
  /// is attached.
  package let timestampToken: [UInt8]?
  /// The signed `messageDigest` attribute: the digest of the code directory that was signed.
  package let messageDigest: [UInt8]?
  /// The signed `signingTime` attribute, as written (UTCTime or GeneralizedTime text).
  package let signingTime: String?
  /// Whether an RFC 3161 timestamp token is attached (an unsigned attribute).
  package let isTimestamped: Bool
  /// The bytes, in BER (Apple's `codesign` writes indefinite lengths) or DER.
  package let encoded: [UInt8]

  /// Reads the CMS `ContentInfo` in `encoded`, in BER or DER.
  ///
  /// - Throws: ``BERError`` naming the structure that is malformed or not that of a detached
  ///   code signature.
  package init(encoded: [UInt8]) throws(BERError) {
    self.encoded = encoded
    let root = try BERElement.parse(encoded[...])
    guard root.encoded.count == encoded.count else {
      throw BERError("bytes follow the CMS structure")
    }
    let contentInfo = try root.children()
    guard contentInfo.count == 2, contentInfo[0].objectIdentifier == "1.2.840.113549.1.7.2" else {
      throw BERError("not a CMS SignedData")
    }
    let signedData = try contentInfo[1].children()
    guard let signedDataSequence = signedData.first else { throw BERError("SignedData is empty") }
    let fields = try signedDataSequence.children()
    // The fields the signature does not cover must have the values CMS gives a detached code
    // signature: SignedData version 1, one digest algorithm, id-data content with no content.
    guard fields.count >= 4, fields[0].tag == 0x02, Array(fields[0].content) == [1] else {
      throw BERError("SignedData is not version 1")
    }
    let encapsulated = try fields[2].children()
    guard encapsulated.count == 1, encapsulated[0].objectIdentifier == "1.2.840.113549.1.7.1" else {
      throw BERError("the encapsulated content is not detached id-data")
    }
    let digestAlgorithms = try fields[1].children()
    // Each certificate with its issuerAndSerialNumber, to find the signer's.
    var certificates: [(certificate: Certificate, der: [UInt8], issuerAndSerial: [UInt8])] = []
    if let certificateSet = fields.first(where: { $0.tag == 0xA0 }) {
      for certificate in try certificateSet.children() {
        let tbs = try certificate.child(0, "a certificate's to-be-signed part").children()
        // version [0] is optional: skip it, then serial, signature algorithm, issuer, validity, subject.
        let rest = tbs.first?.tag == 0xA0 ? Array(tbs.dropFirst()) : tbs
        guard rest.count >= 5 else { throw BERError("a certificate is truncated") }
        certificates.append(
          (
            Certificate(subject: try Self.name(rest[4]), issuer: try Self.name(rest[2])),
            Array(certificate.encoded), Array(rest[2].encoded + rest[0].encoded)
          ))
      }
    }
    var digest: [UInt8]?
    var time: String?
    var timestamped = false
    var token: [UInt8]?
    var signature: [UInt8] = []
    if let signerInfos = fields.last, let signerInfo = try signerInfos.children().first {
      let signerFields = try signerInfo.children()
      // sid: issuerAndSerialNumber names the signer's certificate; it goes first.
      if signerFields.count > 1, signerFields[1].tag == 0x30,
        let signer = certificates.firstIndex(where: {
          $0.issuerAndSerial.elementsEqual(signerFields[1].content)
        })
      {
        certificates.insert(certificates.remove(at: signer), at: 0)
      }
      signature = try signerFields.last(where: { $0.tag & ~0x20 == 0x04 })?.octets() ?? []
      guard signerFields.count >= 5, signerFields[0].tag == 0x02,
        Array(signerFields[0].content) == [1]
      else {
        throw BERError("SignerInfo is not version 1")
      }
      guard digestAlgorithms.count == 1,
        digestAlgorithms[0].encoded.elementsEqual(signerFields[2].encoded)
      else {
        throw BERError("SignedData's digest algorithms are not the signer's")
      }
      // Algorithm identifiers carry NULL parameters or none (crypto libraries ignore them, so they
      // are checked here).
      for algorithm in signerFields where algorithm.tag == 0x30 {
        let parts = try algorithm.children()
        guard parts.first?.objectIdentifier != nil else { continue }
        guard
          parts.count == 1 || (parts.count == 2 && parts[1].tag == 0x05 && parts[1].content.isEmpty)
        else {
          throw BERError("an algorithm identifier has parameters")
        }
      }
      for element in signerFields where element.tag == 0xA0 || element.tag == 0xA1 {
        for attribute in try element.children() {
          let parts = try attribute.children()
          guard let oid = parts.first?.objectIdentifier, parts.count == 2,
            let value = try parts[1].children().first
          else { continue }
          switch oid {
          case "1.2.840.113549.1.9.4": digest = try value.octets()
          case "1.2.840.113549.1.9.5": time = String(decoding: try value.octets(), as: UTF8.self)
          case "1.2.840.113549.1.9.16.2.14":
            timestamped = true
            token = Array(value.encoded)
          default: break
          }
        }
      }
    }
    self.certificates = certificates.map(\.certificate)
    certificatesDER = certificates.map(\.der)
    messageDigest = digest
    signingTime = time
    isTimestamped = timestamped
    timestampToken = token
    signatureValue = signature
  }

  /// Whether every certificate's signature verifies against its issuer's key, the issuer being
  /// another certificate of the signature (or itself, when self-signed); `nil` where this cannot
  /// be checked (no crypto library).
  package func certificatesVerify() -> Bool? {
    #if canImport(COpenSSL)
    guard
      let set = try? BERElement.parse(encoded[...]).child(1, "SignedData").child(0, "SignedData")
        .children().first(where: { $0.tag == 0xA0 }),
      let elements = try? set.children()
    else { return true }
    var parsed: [(certificate: OpaquePointer, subject: [UInt8], issuer: [UInt8])] = []
    defer { for entry in parsed { X509_free(entry.certificate) } }
    for element in elements {
      let bytes = Array(element.encoded)
      let certificate = bytes.withUnsafeBufferPointer { buffer -> OpaquePointer? in
        var pointer = buffer.baseAddress
        return d2i_X509(nil, &pointer, buffer.count)
      }
      guard let certificate, let tbs = try? element.child(0, "to-be-signed").children() else {
        return false
      }
      let rest = tbs.first?.tag == 0xA0 ? Array(tbs.dropFirst()) : tbs
      guard rest.count >= 5 else { return false }
      parsed.append((certificate, Array(rest[4].encoded), Array(rest[2].encoded)))
    }
    defer { ERR_clear_error() }
    // Signatures leave out only the root, which must then be Apple's (checked by name here; only
    // Gatekeeper on macOS trusts it).
    let appleRoot = Array("Apple Inc.".utf8)
    return parsed.allSatisfy { entry in
      guard let issuer = parsed.first(where: { $0.subject == entry.issuer }) else {
        return entry.issuer.indices.contains { entry.issuer[$0...].starts(with: appleRoot) }
      }
      return X509_verify(entry.certificate, X509_get0_pubkey(issuer.certificate)) == 1
    }
    #else
    return nil
    #endif
  }

  /// A `Name` as its attributes in the certificate's order, such as `CN=…, OU=…, O=…, C=…`.
  static func name(_ element: BERElement) throws(BERError) -> String {
    let labels = [
      "2.5.4.3": "CN", "2.5.4.11": "OU", "2.5.4.10": "O", "2.5.4.6": "C", "2.5.4.7": "L",
      "2.5.4.8": "ST",
      "0.9.2342.19200300.100.1.1": "UID", "1.2.840.113549.1.9.1": "emailAddress",
    ]
    var parts: [String] = []
    for set in try element.children() {
      for pair in try set.children() {
        let fields = try pair.children()
        guard fields.count == 2, let oid = fields[0].objectIdentifier else { continue }
        parts.append("\(labels[oid] ?? oid)=\(fields[1].string ?? "?")")
      }
    }
    return parts.joined(separator: ", ")
  }

  /// Whether the signature over `content` (the code directory) holds.
  ///
  /// It is checked with the signer certificate the signature carries; the chain to Apple's roots
  /// is not checked here.
  package func verifies(content: [UInt8]) -> Bool {
    #if canImport(Security)
    var decoder: CMSDecoder?
    guard CMSDecoderCreate(&decoder) == errSecSuccess, let decoder else { return false }
    let loaded = encoded.withUnsafeBytes { bytes -> OSStatus in
      guard let base = bytes.baseAddress else { return errSecParam }
      return CMSDecoderUpdateMessage(decoder, base, bytes.count)
    }
    guard loaded == errSecSuccess,
      CMSDecoderSetDetachedContent(decoder, Data(content) as CFData) == errSecSuccess,
      CMSDecoderFinalizeMessage(decoder) == errSecSuccess
    else { return false }
    var status = CMSSignerStatus.unsigned
    let result = CMSDecoderCopySignerStatus(
      decoder, 0, SecPolicyCreateBasicX509(), false, &status, nil, nil)
    return result == errSecSuccess && status == .valid
    #elseif canImport(COpenSSL)
    defer { ERR_clear_error() }
    return encoded.withUnsafeBytes { signature in
      content.withUnsafeBytes { signed in
        guard let input = BIO_new_mem_buf(signature.baseAddress, Int32(signature.count)) else {
          return false
        }
        defer { BIO_free(input) }
        guard let cms = d2i_CMS_bio(input, nil) else { return false }
        defer { CMS_ContentInfo_free(cms) }
        guard let detached = BIO_new_mem_buf(signed.baseAddress, Int32(signed.count)) else {
          return false
        }
        defer { BIO_free(detached) }
        // The signer's certificate is taken from the signature; its chain is not checked.
        return CMS_verify(
          cms, nil, nil, detached, nil, UInt32(CMS_NO_SIGNER_CERT_VERIFY | CMS_BINARY)) == 1
      }
    }
    #else
    return false
    #endif
  }
}
