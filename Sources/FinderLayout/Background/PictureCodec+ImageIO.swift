#if !os(Linux) && canImport(ImageIO)
import Foundation
import ImageIO

/// Pictures read and TIFFs written by ImageIO (Apple platforms): the pictures go into the TIFF
/// as ImageIO decodes them, with their resolution set.
enum PictureCodec {
  /// A picture's size in pixels.
  static func size(of bytes: [UInt8], name: String) throws(BackgroundPictureError) -> (
    width: Int, height: Int
  ) {
    guard let source = CGImageSourceCreateWithData(Data(bytes) as CFData, nil),
      let properties = CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [CFString: Any],
      let width = properties[kCGImagePropertyPixelWidth] as? Int,
      let height = properties[kCGImagePropertyPixelHeight] as? Int
    else { throw .undecodable(path: name, reason: "ImageIO cannot read this picture") }
    return (width, height)
  }

  /// A TIFF of the pictures (file contents, named for errors), each at its resolution.
  static func tiff(_ sources: [(bytes: [UInt8], name: String, dpi: Double)])
    throws(BackgroundPictureError) -> [UInt8]
  {
    let output = NSMutableData()
    guard
      let destination = CGImageDestinationCreateWithData(
        output as CFMutableData, "public.tiff" as CFString, sources.count, nil)
    else { throw .encodingFailed("ImageIO cannot write a TIFF") }
    for source in sources {
      guard let image = CGImageSourceCreateWithData(Data(source.bytes) as CFData, nil),
        CGImageSourceGetCount(image) > 0
      else { throw .undecodable(path: source.name, reason: "ImageIO cannot read this picture") }
      let properties: [CFString: Any] = [
        kCGImagePropertyDPIWidth: source.dpi, kCGImagePropertyDPIHeight: source.dpi,
        kCGImagePropertyTIFFDictionary: [kCGImagePropertyTIFFCompression: 5],  // LZW
      ]
      CGImageDestinationAddImageFromSource(destination, image, 0, properties as CFDictionary)
    }
    guard CGImageDestinationFinalize(destination) else {
      throw .encodingFailed("ImageIO could not finish the TIFF")
    }
    return [UInt8](output as Data)
  }

  /// The pictures of a TIFF: size and resolution of each.
  static func frames(ofTIFF bytes: [UInt8]) -> [TIFFFrame]? {
    guard let source = CGImageSourceCreateWithData(Data(bytes) as CFData, nil) else { return nil }
    return (0..<CGImageSourceGetCount(source)).compactMap { index in
      guard
        let properties = CGImageSourceCopyPropertiesAtIndex(source, index, nil) as? [CFString: Any],
        let width = properties[kCGImagePropertyPixelWidth] as? Int,
        let height = properties[kCGImagePropertyPixelHeight] as? Int
      else { return nil }
      let dpi = properties[kCGImagePropertyDPIWidth] as? Double ?? 72
      return TIFFFrame(width: width, height: height, dpi: dpi)
    }
  }
}
#endif
