import FinderLayout
import Foundation
import SystemSupport

extension DMGBuilder {
  /// The 2x background: `--background-2x`, else the picture's `@2x` sibling if there is one
  /// (`art/bg@2x.png` beside `art/bg.png`, appdmg's rule).
  var doubleBackground: String? {
    if let given = options.background2x { return given }
    guard let background = options.background else { return nil }
    let url = URL(fileURLWithPath: background)
    let suffix = url.pathExtension.isEmpty ? "" : ".\(url.pathExtension)"
    let sibling = url.deletingLastPathComponent()
      .appendingPathComponent(url.deletingPathExtension().lastPathComponent + "@2x" + suffix).path
    return FileManager.default.fileExists(atPath: sibling) ? sibling : nil
  }

  /// Whether the background is stored as a TIFF made here: a 1x and 2x pair, or one picture
  /// at another scale.
  var storesBackgroundAsTIFF: Bool {
    options.background != nil && (doubleBackground != nil || options.backgroundScale != 1)
  }

  /// The background's name in `.background/`: its own, or `<name>.tiff` when one is made.
  var backgroundStoredName: String? {
    guard let background = options.background else { return nil }
    let name = (background as NSString).lastPathComponent
    return storesBackgroundAsTIFF ? (name as NSString).deletingPathExtension + ".tiff" : name
  }

  /// The TIFF to store as the background, when one is made: the 1x at 72 dpi and the 2x at
  /// 144 dpi, or the single picture at 72 × its scale.
  func retinaBackground() throws -> [UInt8]? {
    guard storesBackgroundAsTIFF, let background = options.background else { return nil }
    let standard = try readPicture(background)
    if let double = doubleBackground {
      return try RetinaBackground.tiff(
        standard: standard, named: background, double: try readPicture(double), named: double)
    }
    return try RetinaBackground.tiff(
      picture: standard, named: background, scale: options.backgroundScale)
  }

  func readPicture(_ path: String) throws(DMGLayoutError) -> [UInt8] {
    do {
      let file = try FileDescriptor.openForReading(path)
      defer { file.close() }
      return try file.read(at: 0, count: Int(try file.status().size))
    } catch {
      throw .unreadable(path: path, reason: "\(error)")
    }
  }
}
