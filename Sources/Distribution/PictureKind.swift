/// The picture formats the Finder draws as a window background, told by their first bytes.
enum PictureKind: String, CaseIterable {
  case png, jpeg, tiff, gif, bmp, heif, pdf, jpeg2000

  /// The format's usual name, such as "JPEG".
  var name: String {
    switch self {
    case .jpeg2000: "JPEG 2000"
    case .heif: "HEIF"
    default: rawValue.uppercased()
    }
  }

  /// The kind the bytes start as, if any.
  init?(leadingBytes bytes: [UInt8]) {
    func starts(_ prefix: [UInt8]) -> Bool { bytes.starts(with: prefix) }
    func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }
    if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
      self = .png
    } else if starts([0xFF, 0xD8, 0xFF]) {
      self = .jpeg
    } else if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) {
      self = .tiff
    } else if starts(ascii("GIF87a")) || starts(ascii("GIF89a")) {
      self = .gif
    } else if starts(ascii("BM")) && bytes.count >= 14 {
      self = .bmp
    } else if starts(ascii("%PDF-")) {
      self = .pdf
    } else if starts([0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20]) {
      self = .jpeg2000
    } else if bytes.count >= 12, Array(bytes[4..<8]) == ascii("ftyp"),
      ["heic", "heix", "hevc", "heim", "heis", "mif1", "msf1", "avif"].contains(
        String(decoding: bytes[8..<12], as: UTF8.self))
    {
      self = .heif
    } else {
      return nil
    }
  }
}
