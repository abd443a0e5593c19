#if os(Linux)
import CPNG

/// Pictures decoded by libpng's simplified API (or libjpeg) and TIFFs written by libtiff
/// (Linux).
enum PictureCodec {
  /// A picture's size in pixels, from its header.
  static func size(of bytes: [UInt8], name: String) throws(BackgroundPictureError) -> (
    width: Int, height: Int
  ) {
    try read(bytes, name: name, pixels: false).size
  }

  /// A TIFF of the pictures (file contents, named for errors), each at its resolution.
  static func tiff(_ sources: [(bytes: [UInt8], name: String, dpi: Double)])
    throws(BackgroundPictureError) -> [UInt8]
  {
    var frames: [(picture: RGBAPicture, dpi: Double)] = []
    for source in sources {
      let (size, pixels) = try read(source.bytes, name: source.name, pixels: true)
      frames.append(
        (RGBAPicture(width: size.width, height: size.height, pixels: pixels), source.dpi))
    }
    return try tiff(frames)
  }

  /// A PNG's size and, when `pixels`, its pixels as 8-bit RGBA.
  ///
  /// The `png_image` stays in this one frame from start to finish: libpng keeps its address
  /// for its error handling.
  static func read(_ bytes: [UInt8], name: String, pixels wantsPixels: Bool)
    throws(BackgroundPictureError) -> (size: (width: Int, height: Int), pixels: [UInt8])
  {
    if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
      let picture = try decodeJPEG(bytes, name: name)
      return ((picture.width, picture.height), picture.pixels)
    }
    guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) else {
      throw .undecodable(
        path: name,
        reason:
          "a Retina background is made from PNG or JPEG pictures here (libpng, libjpeg); this file is neither"
      )
    }
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    defer { png_image_free(&image) }
    var pixels: [UInt8] = []
    let succeeded = bytes.withUnsafeBytes { buffer -> Bool in
      guard png_image_begin_read_from_memory(&image, buffer.baseAddress, buffer.count) != 0
      else { return false }
      guard wantsPixels else { return true }
      image.format = shipyard_png_format_rgba
      pixels = [UInt8](repeating: 0, count: Int(image.width) * Int(image.height) * 4)
      return pixels.withUnsafeMutableBytes { output in
        png_image_finish_read(&image, nil, output.baseAddress, 0, nil) != 0
      }
    }
    guard succeeded else { throw .undecodable(path: name, reason: message(of: image)) }
    return ((Int(image.width), Int(image.height)), pixels)
  }

  /// libpng's message for a failed read.
  static func message(of image: png_image) -> String {
    var message = image.message
    return withUnsafeBytes(of: &message) { buffer in
      "libpng: " + String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
    }
  }
}
#endif
