import Distribution
import Foundation

/// The values of the image and volume options: format, file system, owner and sizes.
extension ValueParser where Value == ImageFormat {
  /// `UDZO`, `UDBZ`, `ULMO` or `UDRO`, in any case.
  static var imageFormat: Self {
    Self { text, origin throws(CommandError) in
      guard let format = ImageFormat(rawValue: text.uppercased()) else {
        throw origin.error(
          "unknown format \(text.debugDescription): use UDZO, UDBZ, ULMO or UDRO")
      }
      return format
    }
  }
}

extension ValueParser where Value == DMGBuildOptions.FileSystem {
  /// `HFS+` or `APFS`, in any case.
  static var fileSystem: Self {
    Self { text, origin throws(CommandError) in
      guard
        let fileSystem = Value.allCases.first(where: {
          $0.rawValue.caseInsensitiveCompare(text) == .orderedSame
        })
      else {
        throw origin.error("unknown file system \(text.debugDescription): use HFS+ or APFS")
      }
      return fileSystem
    }
  }
}

extension ValueParser where Value == (user: UInt32, group: UInt32) {
  /// `<uid>:<gid>`, such as `501:20`.
  static var owner: Self {
    Self { text, origin throws(CommandError) in
      let parts = text.split(separator: ":")
      guard parts.count == 2, let user = UInt32(parts[0]), let group = UInt32(parts[1]) else {
        throw origin.error("\(origin.name) takes <uid>:<gid>, such as 501:20")
      }
      return (user, group)
    }
  }
}

extension ValueParser where Value == Int64 {
  /// `512`, `512K`, `10M`, `1G` (powers of 1024).
  static var byteCount: Self {
    Self { text, origin throws(CommandError) in
      let units: [Character: Int64] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
      let bytes =
        text.uppercased().last.flatMap { units[$0] }.map { unit in
          Int64(text.dropLast()).map { $0 * unit }
        } ?? Int64(text)
      guard let bytes else {
        throw origin.error("\(origin.name) takes a size such as 512K, 10M or 1G")
      }
      return bytes
    }
  }
}
