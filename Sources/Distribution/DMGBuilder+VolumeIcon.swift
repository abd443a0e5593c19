import FinderLayout

extension DMGBuilder {
  /// The `.icns` made from the volume icon when it is a PNG; `nil` when there is no icon or it
  /// is an `.icns` already (stored as it is).
  ///
  /// - Throws: ``VolumeIconError`` for a PNG that cannot be an icon (not square, under 16×16
  ///   pixels, or not decodable), ``DMGLayoutError/unreadable(path:reason:)`` for a file that
  ///   cannot be read.
  func volumeIconFromPNG() throws -> [UInt8]? {
    guard let icon = options.volumeIcon,
      VolumeIcon.isPNG(try DMGLayoutCheck.leadingBytes(of: icon))
    else { return nil }
    return try VolumeIcon.icns(fromPNG: try readPicture(icon), named: icon)
  }
}
