#if !os(Linux) && canImport(ImageIO)
import CoreGraphics
import Foundation
import ImageIO

extension PictureCodec {
  /// The picture file's pixels (contents, named for errors) as 8-bit RGBA, not premultiplied.
  ///
  /// Core Graphics draws only premultiplied RGBA, so the colours are divided back by alpha.
  static func picture(of bytes: [UInt8], name: String) throws(BackgroundPictureError)
    -> RGBAPicture
  {
    guard let source = CGImageSourceCreateWithData(Data(bytes) as CFData, nil),
      let image = CGImageSourceCreateImageAtIndex(source, 0, nil)
    else { throw .undecodable(path: name, reason: "ImageIO cannot read this picture") }
    let (width, height) = (image.width, image.height)
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    let drawn = pixels.withUnsafeMutableBytes { memory -> Bool in
      guard
        let context = CGContext(
          data: memory.baseAddress, width: width, height: height, bitsPerComponent: 8,
          bytesPerRow: width * 4,
          space: CGColorSpace(name: CGColorSpace.sRGB) ?? CGColorSpaceCreateDeviceRGB(),
          bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
      else { return false }
      context.draw(image, in: CGRect(x: 0, y: 0, width: width, height: height))
      return true
    }
    guard drawn else { throw .undecodable(path: name, reason: "Core Graphics cannot draw it") }
    for start in stride(from: 0, to: pixels.count, by: 4) where pixels[start + 3] != 0 {
      let alpha = Int(pixels[start + 3])
      for channel in 0..<3 {
        pixels[start + channel] = UInt8(
          min(255, (Int(pixels[start + channel]) * 255 + alpha / 2) / alpha))
      }
    }
    return RGBAPicture(width: width, height: height, pixels: pixels)
  }

  /// The picture as a PNG file (8-bit RGBA), written by ImageIO.
  static func png(of picture: RGBAPicture) throws(BackgroundPictureError) -> [UInt8] {
    let output = NSMutableData()
    guard
      let provider = CGDataProvider(data: Data(picture.pixels) as CFData),
      let image = CGImage(
        width: picture.width, height: picture.height, bitsPerComponent: 8, bitsPerPixel: 32,
        bytesPerRow: picture.width * 4,
        space: CGColorSpace(name: CGColorSpace.sRGB) ?? CGColorSpaceCreateDeviceRGB(),
        bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.last.rawValue), provider: provider,
        decode: nil, shouldInterpolate: false, intent: .defaultIntent),
      let destination = CGImageDestinationCreateWithData(
        output as CFMutableData, "public.png" as CFString, 1, nil)
    else { throw .encodingFailed("ImageIO cannot make a PNG") }
    CGImageDestinationAddImage(destination, image, nil)
    guard CGImageDestinationFinalize(destination) else {
      throw .encodingFailed("ImageIO could not finish the PNG")
    }
    return [UInt8](output as Data)
  }
}
#endif
