/// A picture decoded to 8-bit RGBA, alpha not premultiplied, rows top to bottom.
struct RGBAPicture: Sendable, Equatable {
  /// Width in pixels.
  let width: Int
  /// Height in pixels.
  let height: Int
  /// `width × height × 4` bytes: red, green, blue, alpha.
  let pixels: [UInt8]

  /// Makes a picture; `pixels` holds `width × height × 4` bytes.
  init(width: Int, height: Int, pixels: [UInt8]) {
    precondition(pixels.count == width * height * 4, "RGBA pixels must be width × height × 4")
    (self.width, self.height, self.pixels) = (width, height, pixels)
  }
}

/// One picture of a TIFF: its size in pixels and its resolution.
package struct TIFFFrame: Sendable, Equatable, Encodable {
  /// Width in pixels.
  package let width: Int
  /// Height in pixels.
  package let height: Int
  /// Dots per inch (72 for 1x, 144 for 2x).
  package let dpi: Double

  /// Makes a frame's description.
  package init(width: Int, height: Int, dpi: Double) {
    (self.width, self.height, self.dpi) = (width, height, dpi)
  }
}
