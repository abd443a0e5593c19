/// Why a Finder layout cannot be written as asked.
package enum DMGLayoutError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The background file is not a picture the Finder draws.
  case notAPicture(path: String, found: String)
  /// The volume icon is neither an `.icns` file nor a PNG; `found` says what it is.
  case notAnIconFile(path: String, found: String)
  /// An icon is placed outside the window.
  case iconOutsideWindow(name: String, x: Int, y: Int, width: Int, height: Int)
  /// A position names an item the volume's root does not hold.
  case unknownItem(name: String, available: [String])
  /// Reading a layout file failed.
  case unreadable(path: String, reason: String)

  /// A sentence naming the problem and where it is.
  package var description: String {
    switch self {
    case .notAPicture(let path, let found):
      "\(path): the background must be a picture (PNG, JPEG, TIFF, GIF, BMP, HEIC, PDF); this file starts like \(found)"
    case .notAnIconFile(let path, let found):
      "\(path): the volume icon must be an .icns file or a PNG (made into one); this file is \(found)"
    case .iconOutsideWindow(let name, let x, let y, let width, let height):
      "the icon of \(name.debugDescription) at (\(x), \(y)) is outside the \(width)×\(height) window"
    case .unknownItem(let name, let available):
      "a position is given for \(name.debugDescription), but the volume's root holds no such item (it holds \(available.map(\.debugDescription).joined(separator: ", ")))"
    case .unreadable(let path, let reason):
      "cannot read \(path): \(reason)"
    }
  }
}
