import Foundation
import ShipyardTestSupport
import Testing

@testable import FinderLayout

/// Volume icons made from PNGs, read back by Pillow's `IcnsImagePlugin`: the sizes no larger
/// than the PNG, each close, pixel for pixel, to Pillow's own box-filter shrink of the PNG.
@Suite struct VolumeIconPeerTests {
  static let pillowPresent = ProcessRunner.succeeds("python3", ["-c", "import PIL"])

  /// Draws a square RGBA test picture: smooth colour gradients and an alpha ramp from a
  /// transparent corner, so that colour and alpha are both averaged.
  ///
  /// Smooth, because Pillow's
  /// box filter weighs a pixel cut by an area's edge all or nothing where ours weighs its share
  /// (the unit tests check the shares).
  static let drawScript = """
    import sys
    from PIL import Image
    side = int(sys.argv[2])
    picture = Image.new("RGBA", (side, side))
    picture.putdata([(x * 255 // side, y * 255 // side, (x + y) * 255 // (2 * side),
                      max(0, min(255, (x + y) * 255 // side - 64)))
                     for y in range(side) for x in range(side)])
    picture.save(sys.argv[1])
    """

  /// Walks the `.icns` by hand (types and lengths), then opens each size with Pillow and
  /// compares it with Pillow's box shrink of the source: the largest difference of alpha, and
  /// of colour where the pixel is not nearly transparent.
  static let readScript = """
    import json, struct, sys
    from PIL import Image, ImageChops
    path, source = sys.argv[1], Image.open(sys.argv[2]).convert("RGBA")
    data = open(path, "rb").read()
    types, offset = [], 8
    while offset < len(data):
        types.append(data[offset:offset + 4].decode())
        offset += struct.unpack(">I", data[offset + 4:offset + 8])[0]
    result = {"magic": data[:4].decode(), "length": struct.unpack(">I", data[4:8])[0],
              "fileLength": len(data), "end": offset, "types": types, "sizes": [], "alpha": 0, "colour": 0}
    for width, height, scale in sorted(Image.open(path).info["sizes"]):
        icon = Image.open(path)
        icon.size = (width, height)
        icon.load(scale=scale)
        got = icon.convert("RGBA")
        result["sizes"].append([width * scale, scale])
        expected = source.resize(got.size, Image.BOX)
        difference = ImageChops.difference(got, expected)
        # alpha counts everywhere; colours where both pixels are at least half opaque, as
        # Pillow premultiplies in 8 bits, so a faint pixel's colour is coarse there
        opaque = ImageChops.darker(got.getchannel("A"), expected.getchannel("A"))
        mask = opaque.point(lambda value: 255 if value >= 128 else 0)
        for index, band in enumerate(difference.split()):
            counted = band if index == 3 else ImageChops.multiply(band, mask)
            key = "alpha" if index == 3 else "colour"
            result[key] = max(result[key], counted.getextrema()[1])
    print(json.dumps(result))
    """

  struct Expectation: Sendable, CustomStringConvertible {
    let side: Int
    let types: [String]
    let sizes: [[Int]]
    var description: String { "\(side)×\(side)" }
  }

  static let expectations = [
    Expectation(
      side: 300, types: ["icp4", "ic11", "icp5", "ic12", "ic07", "ic13", "ic08"],
      sizes: [[16, 1], [32, 2], [32, 1], [64, 2], [128, 1], [256, 2], [256, 1]]),
    Expectation(
      side: 1024,
      types: ["icp4", "ic11", "icp5", "ic12", "ic07", "ic13", "ic08", "ic14", "ic09", "ic10"],
      sizes: [
        [16, 1], [32, 2], [32, 1], [64, 2], [128, 1], [256, 2], [256, 1], [512, 2], [512, 1],
        [1024, 2],
      ]),
    Expectation(side: 16, types: ["icp4"], sizes: [[16, 1]]),
  ]

  @Test(
    .enabled(if: PeerPolicy.shouldRun(whenAvailable: pillowPresent), "needs python3 with Pillow"),
    arguments: expectations)
  func pillowReadsEverySizeNoLargerThanThePNG(expected: Expectation) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let source = folder.path("icon.png")
    try ProcessRunner.check("python3", ["-c", Self.drawScript, source, "\(expected.side)"])

    let icns = try VolumeIcon.icns(
      fromPNG: [UInt8](try Data(contentsOf: URL(fileURLWithPath: source))), named: source)
    let path = try folder.write(icns, to: "icon.icns").path

    let output = try ProcessRunner.check("python3", ["-c", Self.readScript, path, source])
    let result = try #require(
      try JSONSerialization.jsonObject(with: Data(output)) as? [String: Any])
    #expect(result["magic"] as? String == "icns")
    #expect(result["length"] as? Int == icns.count && result["fileLength"] as? Int == icns.count)
    #expect(result["end"] as? Int == icns.count)
    #expect(result["types"] as? [String] == expected.types)
    // Pillow lists (width, height, scale); here [pixels, scale].
    let sizes = try #require(result["sizes"] as? [[Int]])
    #expect(Set(sizes.map { "\($0)" }) == Set(expected.sizes.map { "\($0)" }), "\(sizes)")
    // Pillow premultiplies in 8 bits, resamples in fixed point and weighs a cut pixel all or
    // nothing (300 → 256): a value may be a few levels from ours (exact area averages).
    let (alpha, colour) = (
      try #require(result["alpha"] as? Int), try #require(result["colour"] as? Int)
    )
    #expect(alpha <= 2, "largest alpha difference from Pillow's box shrink: \(alpha)")
    #expect(colour <= 3, "largest colour difference from Pillow's box shrink: \(colour)")
  }
}
