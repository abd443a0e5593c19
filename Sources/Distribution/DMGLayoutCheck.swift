import FinderLayout
import Foundation
import SystemSupport

/// Checks a build's Finder layout before anything is written.
enum DMGLayoutCheck {
  /// Checks that the background is a picture and the volume icon an `.icns` file or a PNG.
  static func checkFiles(_ options: DMGBuildOptions) throws(DMGLayoutError) {
    for background in [options.background, options.background2x].compactMap({ $0 }) {
      let head = try leadingBytes(of: background)
      guard PictureKind(leadingBytes: head) != nil else {
        throw .notAPicture(path: background, found: describe(head))
      }
    }
    if let icon = options.volumeIcon {
      let head = try leadingBytes(of: icon)
      guard head.starts(with: Array("icns".utf8)) || VolumeIcon.isPNG(head) else {
        throw .notAnIconFile(path: icon, found: kind(of: head))
      }
    }
  }

  /// Checks that every position names a root item and lies inside the window.
  static func checkPositions(_ layout: FinderWindowLayout, rootNames: [String])
    throws(DMGLayoutError)
  {
    for (name, point) in layout.positions.sorted(by: { $0.key < $1.key }) {
      guard rootNames.contains(name) else {
        throw .unknownItem(name: name, available: rootNames.filter { !$0.hasPrefix(".") })
      }
      let (width, height) = layout.windowSize
      guard (0...width).contains(point.x), (0...height).contains(point.y) else {
        throw .iconOutsideWindow(
          name: name, x: point.x, y: point.y, width: width, height: height)
      }
    }
  }

  /// The first 16 bytes of the file at `path`.
  static func leadingBytes(of path: String) throws(DMGLayoutError) -> [UInt8] {
    do {
      let file = try FileDescriptor.openForReading(path)
      defer { file.close() }
      guard try file.status().kind != .directory else {
        throw DMGLayoutError.unreadable(path: path, reason: "it is a folder, not a file")
      }
      return try file.read(at: 0, count: 16)
    } catch let error as DMGLayoutError {
      throw error
    } catch {
      throw .unreadable(path: path, reason: "\(error)")
    }
  }

  /// What a file that is neither an `.icns` nor a PNG is, from its first bytes: "a JPEG
  /// file", "text", "an empty file", or "not an ICNS or PNG file".
  static func kind(of bytes: [UInt8]) -> String {
    if let picture = PictureKind(leadingBytes: bytes) { return "a \(picture.name) file" }
    let found = describe(bytes)
    if found.hasPrefix("text") || bytes.isEmpty { return found }
    return "not an ICNS or PNG file"
  }

  /// The bytes as text when they read as text, else in hexadecimal.
  static func describe(_ bytes: [UInt8]) -> String {
    guard !bytes.isEmpty else { return "an empty file" }
    if bytes.allSatisfy({ (0x20..<0x7F).contains($0) || $0 == 0x0A || $0 == 0x09 }) {
      return "text: " + String(decoding: bytes, as: UTF8.self).debugDescription
    }
    return bytes.prefix(8).map { String(format: "%02x", $0) }.joined(separator: " ")
  }
}
