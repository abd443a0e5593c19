import COpenSSL
import Foundation

/// Small helpers over OpenSSL's C interface, shared by the signing types.
package enum OpenSSL {
  /// The messages of OpenSSL's error queue, oldest first, which is emptied.
  package static func drainErrors() -> String {
    var messages: [String] = []
    var data: UnsafePointer<CChar>?
    var flags: Int32 = 0
    while case let code = ERR_get_error_all(nil, nil, nil, &data, &flags), code != 0 {
      var buffer = [CChar](repeating: 0, count: 256)
      ERR_error_string_n(code, &buffer, buffer.count)
      var message = String(
        decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      // The detail OpenSSL adds as text, such as "Verify error:certificate has expired".
      if flags & ERR_TXT_STRING != 0, let data, data.pointee != 0 {
        message += " (\(String(cString: data)))"
      }
      messages.append(message)
    }
    return messages.isEmpty ? "unknown OpenSSL error" : messages.joined(separator: "; ")
  }

  /// Runs `body` with a read-only memory BIO over `bytes`.
  package static func withMemoryBIO<T>(
    _ bytes: [UInt8], _ body: (OpaquePointer) throws -> T
  ) rethrows -> T? {
    try bytes.withUnsafeBytes { raw -> T? in
      guard let bio = BIO_new_mem_buf(raw.baseAddress, Int32(raw.count)) else { return nil }
      defer { BIO_free(bio) }
      return try body(bio)
    }
  }

  /// The DER encoding of an object through an `i2d_*` function.
  package static func der(
    _ encode: (UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?) -> Int32
  ) -> [UInt8]? {
    let length = encode(nil)
    guard length > 0 else { return nil }
    var bytes = [UInt8](repeating: 0, count: Int(length))
    let written = bytes.withUnsafeMutableBufferPointer { buffer -> Int32 in
      var pointer = buffer.baseAddress
      return encode(&pointer)
    }
    return written == length ? bytes : nil
  }

  /// A certificate name's attributes in the certificate's order, as (short name, value) pairs
  /// such as `("CN", "Developer ID Application: …")`.
  package static func attributes(of name: OpaquePointer?) -> [(key: String, value: String)] {
    guard let name else { return [] }
    return (0..<X509_NAME_entry_count(name)).compactMap { index in
      guard let entry = X509_NAME_get_entry(name, index),
        let object = X509_NAME_ENTRY_get_object(entry), let data = X509_NAME_ENTRY_get_data(entry)
      else { return nil }
      let nid = OBJ_obj2nid(object)
      let key = nid == NID_undef ? "?" : String(cString: OBJ_nid2sn(nid))
      var utf8: UnsafeMutablePointer<UInt8>?
      let length = ASN1_STRING_to_UTF8(&utf8, data)
      guard length >= 0, let utf8 else { return (key, "") }
      defer { CRYPTO_free(utf8, #fileID, #line) }
      return (
        key, String(decoding: UnsafeBufferPointer(start: utf8, count: Int(length)), as: UTF8.self)
      )
    }
  }

  /// A certificate name in one line, `CN=…, OU=…, O=…, C=…`.
  package static func oneLine(_ name: OpaquePointer?) -> String {
    attributes(of: name).map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
  }

  /// An `ASN1_TIME` as text, such as `Jan  1 00:00:00 2030 GMT`.
  static func text(_ time: UnsafePointer<ASN1_TIME>?) -> String {
    guard let time, let bio = BIO_new(BIO_s_mem()) else { return "?" }
    defer { BIO_free(bio) }
    ASN1_TIME_print(bio, time)
    var pointer: UnsafeMutablePointer<CChar>?
    let length = BIO_ctrl(bio, BIO_CTRL_INFO, 0, &pointer)
    guard let pointer, length > 0 else { return "?" }
    return String(
      decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self)
  }

  /// An `ASN1_TIME` as a date, or `nil` when it does not read.
  static func date(_ time: UnsafePointer<ASN1_TIME>?) -> Date? {
    var parts = tm()
    guard let time, ASN1_TIME_to_tm(time, &parts) == 1 else { return nil }
    return Date(timeIntervalSince1970: TimeInterval(timegm(&parts)))
  }

  /// The date of a UTCTime (`YYMMDDHHMMSSZ`) or GeneralizedTime (`YYYYMMDDHHMMSSZ`) as a
  /// certificate or a CMS `signingTime` writes it, or `nil` when it is neither.
  static func date(asn1Text text: String) -> Date? {
    guard let time = ASN1_TIME_new() else { return nil }
    defer { ASN1_TIME_free(time) }
    guard ASN1_TIME_set_string(time, text) == 1 else {
      ERR_clear_error()
      return nil
    }
    return date(time)
  }
}
