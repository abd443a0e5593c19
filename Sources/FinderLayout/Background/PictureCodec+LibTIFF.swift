#if os(Linux)
import CTIFF

extension PictureCodec {
  /// A TIFF of the pictures, one directory each, in RGBA with LZW compression, at their
  /// resolutions in dots per inch.
  static func tiff(_ frames: [(picture: RGBAPicture, dpi: Double)]) throws(BackgroundPictureError)
    -> [UInt8]
  {
    let file = TIFFMemoryFile(bytes: [])
    var messages = shipyard_tiff_messages()
    let written: String? = withUnsafeMutablePointer(to: &messages) { messages in
      guard let tiff = file.open(mode: "w", messages: messages) else {
        return "libtiff cannot start a file"
      }
      defer { TIFFClose(tiff) }
      for (picture, dpi) in frames {
        guard write(picture, dpi: dpi, to: tiff) else { return "libtiff cannot write a picture" }
      }
      return nil
    }
    if let failure = written {
      throw .encodingFailed(describe(&messages) ?? failure)
    }
    return file.bytes
  }

  /// One directory: the tags, then the rows.
  static func write(_ picture: RGBAPicture, dpi: Double, to tiff: OpaquePointer) -> Bool {
    let unassociatedAlpha: [UInt16] = [UInt16(EXTRASAMPLE_UNASSALPHA)]
    var ok =
      shipyard_tiff_set_u32(tiff, UInt32(TIFFTAG_IMAGEWIDTH), UInt32(picture.width)) != 0
      && shipyard_tiff_set_u32(tiff, UInt32(TIFFTAG_IMAGELENGTH), UInt32(picture.height)) != 0
      && shipyard_tiff_set_u16(tiff, UInt32(TIFFTAG_BITSPERSAMPLE), 8) != 0
      && shipyard_tiff_set_u16(tiff, UInt32(TIFFTAG_SAMPLESPERPIXEL), 4) != 0
      && shipyard_tiff_set_u16(tiff, UInt32(TIFFTAG_PHOTOMETRIC), UInt16(PHOTOMETRIC_RGB)) != 0
      && shipyard_tiff_set_u16(tiff, UInt32(TIFFTAG_PLANARCONFIG), UInt16(PLANARCONFIG_CONTIG)) != 0
      && shipyard_tiff_set_u16(tiff, UInt32(TIFFTAG_COMPRESSION), UInt16(COMPRESSION_LZW)) != 0
      && shipyard_tiff_set_u16(tiff, UInt32(TIFFTAG_PREDICTOR), UInt16(PREDICTOR_HORIZONTAL)) != 0
      && shipyard_tiff_set_float(tiff, UInt32(TIFFTAG_XRESOLUTION), Float(dpi)) != 0
      && shipyard_tiff_set_float(tiff, UInt32(TIFFTAG_YRESOLUTION), Float(dpi)) != 0
      && shipyard_tiff_set_u16(tiff, UInt32(TIFFTAG_RESOLUTIONUNIT), UInt16(RESUNIT_INCH)) != 0
      && shipyard_tiff_set_u32(
        tiff, UInt32(TIFFTAG_ROWSPERSTRIP), TIFFDefaultStripSize(tiff, 0)) != 0
      && unassociatedAlpha.withUnsafeBufferPointer {
        shipyard_tiff_set_extra_samples(tiff, 1, $0.baseAddress) != 0
      }
    var row = [UInt8](repeating: 0, count: picture.width * 4)
    for y in 0..<picture.height where ok {
      let start = y * picture.width * 4
      row.withUnsafeMutableBufferPointer { buffer in
        for index in 0..<buffer.count { buffer[index] = picture.pixels[start + index] }
        ok = TIFFWriteScanline(tiff, buffer.baseAddress, UInt32(y), 0) == 1
      }
    }
    return ok && TIFFWriteDirectory(tiff) != 0
  }

  /// The pictures of a TIFF: size and resolution of each directory.
  static func frames(ofTIFF bytes: [UInt8]) -> [TIFFFrame]? {
    let file = TIFFMemoryFile(bytes: bytes)
    var messages = shipyard_tiff_messages()
    return withUnsafeMutablePointer(to: &messages) { messages -> [TIFFFrame]? in
      guard let tiff = file.open(mode: "r", messages: messages) else { return nil }
      defer { TIFFClose(tiff) }
      var frames: [TIFFFrame] = []
      repeat {
        var width: UInt32 = 0
        var height: UInt32 = 0
        var resolution: Float = 72
        guard shipyard_tiff_get_u32(tiff, UInt32(TIFFTAG_IMAGEWIDTH), &width) != 0,
          shipyard_tiff_get_u32(tiff, UInt32(TIFFTAG_IMAGELENGTH), &height) != 0
        else { return nil }
        _ = shipyard_tiff_get_float(tiff, UInt32(TIFFTAG_XRESOLUTION), &resolution)
        var unit = UInt16(RESUNIT_INCH)  // the specification's default
        _ = shipyard_tiff_get_u16(tiff, UInt32(TIFFTAG_RESOLUTIONUNIT), &unit)
        let dpi =
          unit == UInt16(RESUNIT_CENTIMETER) ? Double(resolution) * 2.54 : Double(resolution)
        frames.append(TIFFFrame(width: Int(width), height: Int(height), dpi: dpi))
      } while TIFFReadDirectory(tiff) == 1
      return frames
    }
  }

  /// The first error libtiff reported, if any.
  static func describe(_ messages: inout shipyard_tiff_messages) -> String? {
    withUnsafeBytes(of: &messages.message) { buffer in
      let text = String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
      return text.isEmpty ? nil : "libtiff: \(text)"
    }
  }
}
#endif
