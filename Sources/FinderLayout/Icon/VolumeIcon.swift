/// A volume icon (`.VolumeIcon.icns`) made from a PNG.
///
/// The PNG, square and at least 16×16 pixels, fills every slot of ``IconFamilySlot/png`` no
/// larger than itself: the picture itself where the sizes match, else the picture shrunk by
/// area averaging (``RGBAPicture/areaAveraged(toSide:)``). Nothing is ever enlarged, so a 1024×1024
/// PNG gives all ten sizes and a 128×128 one the six up to 128.
///
/// ```swift
/// let icns = try VolumeIcon.icns(fromPNG: png, named: "art/icon.png")
/// ```
package enum VolumeIcon {
  /// The smallest PNG taken, in pixels: the smallest icon.
  static let minimumSide = 16

  /// Whether `bytes` start as a PNG file does.
  package static func isPNG(_ bytes: some Collection<UInt8>) -> Bool {
    bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
  }

  /// The `.icns` file made from `png`, the contents of the PNG file named `name` (for errors).
  ///
  /// - Throws: ``VolumeIconError/notSquare(path:width:height:)`` or
  ///   ``VolumeIconError/tooSmall(path:width:height:)`` for a picture that cannot be an icon,
  ///   ``VolumeIconError/undecodable(path:reason:)`` for one that does not decode.
  package static func icns(fromPNG png: [UInt8], named name: String) throws(VolumeIconError)
    -> [UInt8]
  {
    guard isPNG(png) else { throw .undecodable(path: name, reason: "it does not start as a PNG") }
    let picture: RGBAPicture
    do {
      picture = try PictureCodec.picture(of: png, name: name)
    } catch {
      throw .undecodable(path: name, reason: reason(error))
    }
    guard picture.width == picture.height else {
      throw .notSquare(path: name, width: picture.width, height: picture.height)
    }
    guard picture.width >= minimumSide else {
      throw .tooSmall(path: name, width: picture.width, height: picture.height)
    }
    var encoded: [Int: [UInt8]] = [:]
    var elements: [IconFamily.Element] = []
    for slot in IconFamilySlot.png where slot.pixels <= picture.width {
      if encoded[slot.pixels] == nil {
        let shrunk = picture.areaAveraged(toSide: slot.pixels)
        do {
          encoded[slot.pixels] = try PictureCodec.png(of: shrunk)
        } catch {
          throw .encodingFailed(path: name, reason: reason(error))
        }
      }
      elements.append(IconFamily.Element(type: slot.type, data: encoded[slot.pixels] ?? []))
    }
    return IconFamily(elements: elements).bytes
  }

  /// What a picture codec says went wrong, without the file's name.
  static func reason(_ error: BackgroundPictureError) -> String {
    switch error {
    case .undecodable(_, let reason), .encodingFailed(let reason): reason
    case .sizeMismatch: error.description
    }
  }
}
