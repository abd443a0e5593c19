#if os(Linux)
import CPNG

extension PictureCodec {
  /// The PNG or JPEG file's pixels (contents, named for errors) as 8-bit RGBA, not premultiplied.
  static func picture(of bytes: [UInt8], name: String) throws(BackgroundPictureError)
    -> RGBAPicture
  {
    let (size, pixels) = try read(bytes, name: name, pixels: true)
    return RGBAPicture(width: size.width, height: size.height, pixels: pixels)
  }

  /// The picture as a PNG file (8-bit RGBA), written by libpng's simplified API.
  ///
  /// libpng writes no time or other varying chunk, so the same picture gives the same bytes.
  static func png(of picture: RGBAPicture) throws(BackgroundPictureError) -> [UInt8] {
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    image.width = UInt32(picture.width)
    image.height = UInt32(picture.height)
    image.format = shipyard_png_format_rgba
    defer { png_image_free(&image) }
    var output: [UInt8] = []
    let succeeded = picture.pixels.withUnsafeBytes { pixels -> Bool in
      // The first call, with no memory, measures (`png_image_write_get_memory_size`).
      var size: png_alloc_size_t = 0
      guard png_image_write_to_memory(&image, nil, &size, 0, pixels.baseAddress, 0, nil) != 0
      else { return false }
      output = [UInt8](repeating: 0, count: Int(size))
      let wrote = output.withUnsafeMutableBytes { memory in
        png_image_write_to_memory(&image, memory.baseAddress, &size, 0, pixels.baseAddress, 0, nil)
      }
      output.removeSubrange(min(Int(size), output.count)...)
      return wrote != 0
    }
    guard succeeded else { throw .encodingFailed(message(of: image)) }
    return output
  }
}
#endif
