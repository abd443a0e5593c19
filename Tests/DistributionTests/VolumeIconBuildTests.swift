import DiskImage
import Distribution
import FinderLayout
import Foundation
import HFSPlus
import ShipyardTestSupport
import Testing
import VolumeInterface

/// `--volume-icon` with a PNG: the image holds the `.icns` made from it, flagged as an `.icns`
/// given as it is; pictures that cannot be icons are refused before anything is written.
@Suite struct VolumeIconBuildTests {
  static let examples = PeerPolicy.packageRoot.appendingPathComponent("Examples")
  static let avatar = examples.appendingPathComponent("form/avatar.png").path  // 16×16 RGB

  private func build(icon: String, to output: String) throws {
    var options = DMGBuildOptions(source: DMGBuildTests.helloApp, output: output, threads: 2)
    options.volumeIcon = icon
    _ = try DMGBuilder(options: options).build()
  }

  @Test func aPNGIsStoredAsTheIcnsMadeFromItWithTheCustomIconFlag() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    try build(icon: Self.avatar, to: folder.path("Hello.dmg"))

    let reader = try DiskImageReader(path: folder.path("Hello.dmg"))
    let volume = try HFSPlusReader(reader.bytes(of: try #require(reader.hfsPartition)))
    let icon = try #require(try volume.entries().first { $0.path == "/.VolumeIcon.icns" })
    #expect(icon.finderFlags == 0x4000)  // invisible
    #expect(try volume.rootFolder().finderFlags == 0x0400)  // kHasCustomIcon
    let png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.avatar)))
    let stored = try volume.contents(of: icon)
    #expect(stored == (try VolumeIcon.icns(fromPNG: png, named: Self.avatar)))
    #expect(Array(stored.prefix(4)) == Array("icns".utf8))
  }

  enum Refusal: String, CaseIterable {
    case notSquare, jpeg, text, unknownBytes
  }

  @Test(arguments: Refusal.allCases)
  func picturesThatCannotBeIconsAreRefusedAndNothingIsWritten(refusal: Refusal) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let inputs = try ScratchFolder()
    defer { inputs.remove() }
    let (icon, message): (String, String)
    switch refusal {
    case .notSquare:
      icon = Self.examples.appendingPathComponent("layout/background.png").path
      message = "\(icon): a volume icon is square, but this PNG is 660×400 pixels"
    case .jpeg:
      icon = try inputs.write([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10] + Array("JFIF".utf8), to: "i.jpg")
        .path
      message =
        "\(icon): the volume icon must be an .icns file or a PNG (made into one); this file is a JPEG file"
    case .text:
      icon = try inputs.write(Array("hello".utf8), to: "icon.txt").path
      message =
        "\(icon): the volume icon must be an .icns file or a PNG (made into one); this file is text"
    case .unknownBytes:
      icon = try inputs.write([0, 1, 2, 0xFE, 0xFF], to: "icon.bin").path
      message =
        "\(icon): the volume icon must be an .icns file or a PNG (made into one); this file is not an ICNS or PNG file"
    }
    try folder.write(Array("previous".utf8), to: "out.dmg")
    let error = try #require(throws: (any Error).self) {
      try build(icon: icon, to: folder.path("out.dmg"))
    }
    #expect("\(error)".hasPrefix(message), "\(error)")
    #expect(!"\(error)".contains("ff d8"), "no hex dump: \(error)")
    #expect(folder.contents == ["out.dmg"])
    #expect(try Data(contentsOf: folder.file("out.dmg")) == Data("previous".utf8))
  }
}
