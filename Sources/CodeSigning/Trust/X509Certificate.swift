import COpenSSL
import Foundation

/// One certificate parsed by OpenSSL, freed with the value: what trust evaluation asks of it.
final class X509Certificate: @unchecked Sendable {
  // MARK: - Properties

  /// `X509 *`, owned.
  let pointer: OpaquePointer
  /// The DER bytes it was read from.
  let der: [UInt8]

  // MARK: - Lifecycle

  /// Parses `der`, or `nil` when it is not one whole DER certificate.
  init?(der: [UInt8]) {
    let parsed = der.withUnsafeBufferPointer { buffer -> (OpaquePointer?, Int) in
      var cursor = buffer.baseAddress
      let certificate = d2i_X509(nil, &cursor, buffer.count)
      return (certificate, buffer.baseAddress.map { base in cursor.map { $0 - base } ?? 0 } ?? 0)
    }
    guard let certificate = parsed.0 else {
      ERR_clear_error()
      return nil
    }
    guard parsed.1 == der.count else {
      X509_free(certificate)
      return nil
    }
    pointer = certificate
    self.der = der
  }

  /// Takes a reference to `pointer` (`X509_up_ref`), which the caller keeps owning too.
  init?(referencing pointer: OpaquePointer) {
    guard X509_up_ref(pointer) == 1 else { return nil }
    self.pointer = pointer
    der = OpenSSL.der { i2d_X509(pointer, $0) } ?? []
  }

  deinit { X509_free(pointer) }

  // MARK: - API

  /// The subject, `CN=…, OU=…, O=…, C=…`.
  var subject: String { OpenSSL.oneLine(X509_get_subject_name(pointer)) }

  /// The subject's attributes in the certificate's order, such as `("CN", "Developer ID …")`.
  var subjectAttributes: [(key: String, value: String)] {
    OpenSSL.attributes(of: X509_get_subject_name(pointer))
  }

  /// The issuer, in the same form.
  var issuer: String { OpenSSL.oneLine(X509_get_issuer_name(pointer)) }

  /// The validity period as text, `from … to …`.
  var validity: String {
    "from \(OpenSSL.text(X509_get0_notBefore(pointer))) to \(OpenSSL.text(X509_get0_notAfter(pointer)))"
  }

  /// Whether the certificate names itself as issuer and its key verifies its signature.
  var isSelfSigned: Bool { X509_check_issued(pointer, pointer) == X509_V_OK }

  /// Whether an extension with the dotted object identifier `oid` is present.
  func hasExtension(_ oid: String) -> Bool {
    extensionIdentifiers.contains { $0.oid == oid }
  }

  /// Every extension's dotted object identifier, and whether it is critical and OpenSSL knows
  /// how to check it.
  var extensionIdentifiers: [(oid: String, critical: Bool, handled: Bool)] {
    (0..<max(0, X509_get_ext_count(pointer))).compactMap { index in
      guard let item = X509_get_ext(pointer, index),
        let object = X509_EXTENSION_get_object(item), let oid = Self.dotted(object)
      else { return nil }
      return (oid, X509_EXTENSION_get_critical(item) != 0, X509_supported_extension(item) != 0)
    }
  }

  /// The dotted object identifiers of the extended key usage, or none without the extension.
  var extendedKeyUsages: [String] {
    guard
      let usages = X509_get_ext_d2i(pointer, NID_ext_key_usage, nil, nil).map(OpaquePointer.init)
    else {
      ERR_clear_error()
      return []
    }
    defer { EXTENDED_KEY_USAGE_free(usages) }
    return (0..<OPENSSL_sk_num(usages)).compactMap { index in
      OPENSSL_sk_value(usages, index).flatMap { Self.dotted(OpaquePointer($0)) }
    }
  }

  /// An object identifier in dotted form.
  private static func dotted(_ object: OpaquePointer) -> String? {
    var buffer = [CChar](repeating: 0, count: 128)
    let length = OBJ_obj2txt(&buffer, Int32(buffer.count), object, 1)
    guard length > 0, Int(length) < buffer.count else { return nil }
    return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Whether the extended key usage allows code signing (no such extension allows every use).
  var maySignCode: Bool { X509_get_extended_key_usage(pointer) & UInt32(XKU_CODE_SIGN) != 0 }
}
