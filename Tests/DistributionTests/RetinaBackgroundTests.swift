import DiskImage
import Distribution
import FinderLayout
import Foundation
import ShipyardTestSupport
import Testing

/// Retina backgrounds: one TIFF with the 1x picture at 72 dpi and the 2x at 144 dpi, read back
/// by `tiffinfo` (libtiff-tools) and Pillow, pixel for pixel.
@Suite struct RetinaBackgroundTests {
  static let layout = PeerPolicy.packageRoot.appendingPathComponent("Examples/layout")
  static let standard = layout.appendingPathComponent("background.png").path
  static let double = layout.appendingPathComponent("background@2x.png").path

  static let pillowPresent = ProcessRunner.succeeds("python3", ["-c", "import PIL"])

  /// Reads the TIFF with Pillow: each frame's size, dpi and whether its pixels equal the source's.
  static let pillowScript = """
    import json, sys
    from PIL import Image, ImageSequence
    tiff = Image.open(sys.argv[1])
    frames = []
    for index, frame in enumerate(ImageSequence.Iterator(tiff)):
        source = Image.open(sys.argv[2 + index]).convert("RGBA")
        rgba = frame.convert("RGBA")
        frames.append({"size": list(rgba.size), "dpi": [round(float(v)) for v in frame.info.get("dpi", (0, 0))],
                       "samePixels": rgba.tobytes() == source.tobytes()})
    print(json.dumps(frames))
    """

  private func build(_ change: (inout DMGBuildOptions) -> Void, in folder: ScratchFolder) throws
    -> String
  {
    var options = DMGBuildOptions(
      source: DMGBuildTests.helloApp, output: folder.path("Hello.dmg"), threads: 2)
    options.background = Self.standard
    change(&options)
    _ = try DMGBuilder(options: options).build()
    return folder.path("Hello.dmg")
  }

  private func extractTIFF(from image: String, in folder: ScratchFolder) throws -> String {
    let bytes = try ProcessRunner.check(
      "7zz", ["e", "-so", image, "Hello/.background/background.tiff"])
    return try folder.write([UInt8](bytes), to: "background.tiff").path
  }

  @Test(
    .enabled(
      if: PeerPolicy.shouldRun(
        whenAvailable: pillowPresent && ProcessRunner.succeeds("7zz", ["i"])
          && ProcessRunner.succeeds("sh", ["-c", "command -v tiffinfo"])),
      "needs tiffinfo (libtiff-tools), python3 with Pillow, and 7zz"),
    arguments: ["png", "jpg"])
  func theAt2xSiblingMakesOneTIFFAt72And144DPI(format: String) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    // JPEG pictures are the PNGs converted by Pillow.
    let (standard, double) = (
      folder.path("background.\(format)"), folder.path("background@2x.\(format)")
    )
    try ProcessRunner.check(
      "python3",
      [
        "-c",
        "import sys; from PIL import Image; [Image.open(a).convert('RGB' if b.endswith('jpg') else 'RGBA').save(b, quality=90) for a, b in zip(sys.argv[1::2], sys.argv[2::2])]",
        Self.standard, standard, Self.double, double,
      ])
    let image = try build({ $0.background = standard }, in: folder)
    let tiff = try extractTIFF(from: image, in: folder)

    let info = String(decoding: try ProcessRunner.check("tiffinfo", [tiff]), as: UTF8.self)
    #expect(info.components(separatedBy: "TIFF Directory at offset").count == 3, "\(info)")
    #expect(info.contains("Image Width: 660 Image Length: 400"))
    #expect(info.contains("Image Width: 1320 Image Length: 800"))
    #expect(info.contains("Resolution: 72, 72 pixels/inch"), "\(info)")
    #expect(info.contains("Resolution: 144, 144 pixels/inch"), "\(info)")

    let output = try ProcessRunner.check(
      "python3", ["-c", Self.pillowScript, tiff, standard, double])
    let frames = try #require(try JSONSerialization.jsonObject(with: output) as? [[String: Any]])
    #expect(frames.count == 2)
    #expect(frames.map { $0["size"] as? [Int] } == [[660, 400], [1320, 800]])
    #expect(frames.map { $0["dpi"] as? [Int] } == [[72, 72], [144, 144]])
    #expect(frames.allSatisfy { $0["samePixels"] as? Bool == true }, "\(frames)")

    // The alias points at the TIFF, and our reader sees both pictures.
    let layout = try FinderLayoutDump.read(image: image, volume: "Hello", scratch: folder)
    #expect(layout.alias?.posixPath == "/.background/background.tiff")
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: tiff)))
    #expect(
      RetinaBackground.frames(ofTIFF: bytes)
        == [
          TIFFFrame(width: 660, height: 400, dpi: 72),
          TIFFFrame(width: 1320, height: 800, dpi: 144),
        ])
    #expect(try ProcessRunner.run("7zz", ["t", image]).status == 0)
  }

  @Test(
    .enabled(
      if: PeerPolicy.shouldRun(
        whenAvailable: ProcessRunner.succeeds("7zz", ["i"])
          && ProcessRunner.succeeds("sh", ["-c", "command -v tiffinfo"])),
      "needs tiffinfo (libtiff-tools) and 7zz"))
  func aLoneRetinaPictureIsStoredAt144DPI() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let single = try folder.write(
      [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.double))), to: "background.png")
    let image = try build(
      {
        $0.background = single.path
        $0.backgroundScale = 2
      }, in: folder)
    let info = String(
      decoding: try ProcessRunner.check("tiffinfo", [try extractTIFF(from: image, in: folder)]),
      as: UTF8.self)
    #expect(info.components(separatedBy: "TIFF Directory at offset").count == 2, "\(info)")
    #expect(info.contains("Image Width: 1320 Image Length: 800"))
    #expect(info.contains("Resolution: 144, 144 pixels/inch"), "\(info)")
  }

  @Test func a2xPictureNotTwiceThe1xIsRefusedAndNothingIsWritten() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let picture = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.standard)))
    let standard = try folder.write(picture, to: "bg.png").path
    let double = try folder.write(picture, to: "bg@2x.png").path
    #expect {
      _ = try build({ $0.background = standard }, in: folder)
    } throws: { error in
      "\(error)"
        == "the 2x background \(double) is 660×400 pixels; it must be exactly twice \(standard), which is 660×400, so 1320×800"
    }
    #expect(folder.contents.sorted() == ["bg.png", "bg@2x.png"])
  }

  @Test func aDamagedJPEGIsNamedWithLibjpegsReason() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let standard = try folder.write(
      [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8), to: "bg.jpg")
    _ = try folder.write([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x02], to: "bg@2x.jpg")
    #expect {
      _ = try build({ $0.background = standard.path }, in: folder)
    } throws: { error in
      "\(error)".hasPrefix("\(standard.path): ") && "\(error)".contains("libjpeg")
    }
    #expect(!FileManager.default.fileExists(atPath: folder.path("Hello.dmg")))
  }
}
