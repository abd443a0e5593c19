import Foundation
import ShipyardTestSupport
import Testing

@testable import FinderLayout

/// The `.icns` container, the area-averaging shrink and the PNGs a volume icon cannot be made
/// from, without peers.
@Suite struct VolumeIconTests {
  static let examples = PeerPolicy.packageRoot.appendingPathComponent("Examples")

  /// A PNG of `width` × `height` opaque grey pixels, written by libpng (or ImageIO).
  func png(width: Int, height: Int) throws -> [UInt8] {
    try PictureCodec.png(
      of: RGBAPicture(
        width: width, height: height,
        pixels: [UInt8](repeating: 0x80, count: width * height * 4).enumerated().map {
          $0.offset % 4 == 3 ? 0xFF : $0.element
        }))
  }

  @Test func theContainerIsMagicLengthThenTypedElements() {
    let family = IconFamily(elements: [
      .init(type: "icp4", data: [1, 2, 3]), .init(type: "ic07", data: []),
    ])
    #expect(
      family.bytes
        == Array("icns".utf8) + [0, 0, 0, 27] + Array("icp4".utf8) + [0, 0, 0, 11, 1, 2, 3]
        + Array("ic07".utf8) + [0, 0, 0, 8])
  }

  @Test func shrinkingAveragesAreasWithAlphaPremultiplied() {
    // 2×2 → 1×1: opaque red, half-transparent green, and two transparent blue pixels whose
    // colour must not count.
    let picture = RGBAPicture(
      width: 2, height: 2,
      pixels: [255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0, 0, 0, 255, 0])
    let shrunk = picture.areaAveraged(toSide: 1)
    // alpha (255 + 128) / 4 = 95.75; red 255·255 / 383 = 169.8, green 128·255 / 383 = 85.2
    #expect(shrunk.pixels == [170, 85, 0, 96])
  }

  @Test func aThirdShrinkCountsCutPixelsByTheirShare() {
    // One row of 3 grey levels shrunk to 2 (and 3 rows to 2): each new pixel covers 1.5 old.
    let levels: [UInt8] = [0, 90, 180]
    let line = levels.flatMap { level -> [UInt8] in [level, level, level, 255] }
    let pixels = line + line + line
    let shrunk = RGBAPicture(width: 3, height: 3, pixels: pixels).areaAveraged(toSide: 2)
    // (0 + 0.5·90) / 1.5 = 30; (0.5·90 + 180) / 1.5 = 150
    let row: [UInt8] = [30, 30, 30, 255, 150, 150, 150, 255]
    #expect(shrunk.pixels == row + row)
  }

  @Test func aPNGFillsTheSlotsNoLargerThanItselfEachAPNG() throws {
    let icns = try VolumeIcon.icns(fromPNG: try png(width: 32, height: 32), named: "icon.png")
    var elements: [(type: String, data: [UInt8])] = []
    var offset = 8
    while offset + 8 <= icns.count {
      let length = icns[(offset + 4)..<(offset + 8)].reduce(0) { $0 << 8 | Int($1) }
      elements.append(
        (
          String(decoding: icns[offset..<(offset + 4)], as: UTF8.self),
          Array(icns[(offset + 8)..<(offset + length)])
        ))
      offset += length
    }
    #expect(Array(icns.prefix(4)) == Array("icns".utf8) && offset == icns.count)
    #expect(elements.map(\.type) == ["icp4", "ic11", "icp5"])
    #expect(elements.allSatisfy { VolumeIcon.isPNG($0.data) })
    #expect(elements[1].data == elements[2].data)  // 32 pixels, made once
    let sixteen = try PictureCodec.picture(of: elements[0].data, name: "icp4")
    #expect((sixteen.width, sixteen.height) == (16, 16))
    #expect(Set(sixteen.pixels) == [0x80, 0xFF])  // grey averages to the same grey
  }

  @Test func aPictureThatIsNotSquareIsRefusedWithItsSize() throws {
    let path = Self.examples.appendingPathComponent("layout/background.png").path
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(throws: VolumeIconError.notSquare(path: path, width: 660, height: 400)) {
      try VolumeIcon.icns(fromPNG: bytes, named: path)
    }
    #expect(
      VolumeIconError.notSquare(path: path, width: 660, height: 400).description.hasPrefix(
        "\(path): a volume icon is square, but this PNG is 660×400 pixels"))
  }

  @Test func aPictureUnder16PixelsIsRefusedWithItsSize() throws {
    let bytes = try png(width: 15, height: 15)
    #expect(throws: VolumeIconError.tooSmall(path: "tiny.png", width: 15, height: 15)) {
      try VolumeIcon.icns(fromPNG: bytes, named: "tiny.png")
    }
    #expect(
      VolumeIconError.tooSmall(path: "tiny.png", width: 15, height: 15).description.contains(
        "tiny.png: this PNG is 15×15 pixels, but a volume icon needs at least 16×16"))
  }

  @Test func aDamagedPNGIsRefusedWithLibpngsReason() throws {
    var bytes = try png(width: 16, height: 16)
    bytes.removeLast(bytes.count / 2)
    #expect {
      try VolumeIcon.icns(fromPNG: bytes, named: "cut.png")
    } throws: { error in
      guard case .undecodable(let path, let reason) = error as? VolumeIconError else {
        return false
      }
      return path == "cut.png" && !reason.isEmpty
    }
    #expect(throws: VolumeIconError.self) {
      try VolumeIcon.icns(fromPNG: Array("not a picture".utf8), named: "notes.txt")
    }
  }
}
