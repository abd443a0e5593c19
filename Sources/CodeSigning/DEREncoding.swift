/// The one DER rule the signature writers need beyond OpenSSL: tag, definite length, content.
enum DEREncoding {
  /// A tag, its DER length (short form below 128, else 0x81…0x84 and the length's big-endian
  /// bytes) and the content.
  static func element(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
    let count = content.count
    guard count >= 0x80 else { return [tag, UInt8(count)] + content }
    let lengthBytes = withUnsafeBytes(of: UInt32(count).bigEndian) { Array($0) }.drop { $0 == 0 }
    return [tag, 0x80 | UInt8(lengthBytes.count)] + lengthBytes + content
  }
}
