/// A background picture sharp on Retina screens.
///
/// One TIFF holds the 1x picture at 72 dpi and the 2x at 144 dpi, so that both measure the same
/// in points, as `tiffutil -cathidpicheck` makes on a Mac. The Finder picks the picture that suits the screen.
///
/// Pictures are decoded and encoded by real libraries: libpng and libtiff off Apple platforms,
/// ImageIO on them.
package enum RetinaBackground {
  /// The 1x and 2x pictures' resolutions.
  static let standardDPI = 72.0

  /// One TIFF of `standard` (1x) and `double` (2x), both file contents; the names are for
  /// errors.
  ///
  /// - Throws: ``BackgroundPictureError/sizeMismatch(standard:standardWidth:standardHeight:double:doubleWidth:doubleHeight:)``
  ///   unless the 2x is exactly twice the 1x in each dimension.
  package static func tiff(
    standard: [UInt8], named standardName: String, double: [UInt8], named doubleName: String
  ) throws(BackgroundPictureError) -> [UInt8] {
    let small = try PictureCodec.size(of: standard, name: standardName)
    let large = try PictureCodec.size(of: double, name: doubleName)
    guard large.width == small.width * 2, large.height == small.height * 2 else {
      throw .sizeMismatch(
        standard: standardName, standardWidth: small.width, standardHeight: small.height,
        double: doubleName, doubleWidth: large.width, doubleHeight: large.height)
    }
    return try PictureCodec.tiff([
      (standard, standardName, standardDPI), (double, doubleName, standardDPI * 2),
    ])
  }

  /// One TIFF of a single picture drawn at `scale` (2 for a picture made for Retina screens,
  /// stored at 144 dpi).
  package static func tiff(picture: [UInt8], named name: String, scale: Int)
    throws(BackgroundPictureError) -> [UInt8]
  {
    try PictureCodec.tiff([(picture, name, standardDPI * Double(scale))])
  }

  /// The pictures of a TIFF, with their sizes and resolutions; `nil` when it does not decode.
  package static func frames(ofTIFF bytes: [UInt8]) -> [TIFFFrame]? {
    PictureCodec.frames(ofTIFF: bytes)
  }
}
