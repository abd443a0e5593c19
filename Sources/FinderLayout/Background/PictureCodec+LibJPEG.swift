#if os(Linux)
import CJPEG
import Glibc

extension PictureCodec {
  /// A JPEG's pixels as 8-bit RGBA (opaque), decoded by libjpeg.
  static func decodeJPEG(_ bytes: [UInt8], name: String) throws(BackgroundPictureError)
    -> RGBAPicture
  {
    var width: UInt32 = 0
    var height: UInt32 = 0
    var message = [CChar](repeating: 0, count: Int(JMSG_LENGTH_MAX))
    let decoded = bytes.withUnsafeBufferPointer { buffer in
      message.withUnsafeMutableBufferPointer { text in
        shipyard_jpeg_decode_rgba(
          buffer.baseAddress, UInt(buffer.count), &width, &height, text.baseAddress)
      }
    }
    guard let decoded else {
      let reason = String(
        decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      throw .undecodable(path: name, reason: "libjpeg: \(reason)")
    }
    defer { free(decoded) }
    let count = Int(width) * Int(height) * 4
    return RGBAPicture(
      width: Int(width), height: Int(height),
      pixels: Array(UnsafeBufferPointer(start: decoded, count: count)))
  }
}
#endif
