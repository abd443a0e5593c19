extension CPIOParser {
  /// The type bits of a mode (`S_IFMT`).
  static let typeMask: UInt32 = 0o170000
  /// A regular file's type bits (`S_IFREG`).
  static let regularFile: UInt32 = 0o100000
  /// A folder's type bits (`S_IFDIR`).
  static let folder: UInt32 = 0o040000
  /// A symbolic link's type bits (`S_IFLNK`).
  static let symbolicLink: UInt32 = 0o120000
  /// The other types an archive can hold: FIFO, character and block devices, socket
  /// (`S_IFIFO`, `S_IFCHR`, `S_IFBLK`, `S_IFSOCK`), which carry no bytes.
  static let specialTypes: Set<UInt32> = [0o010000, 0o020000, 0o060000, 0o140000]

  /// The path of the entry named `name`, or `nil` when the name is not a safe one.
  ///
  /// A path is `.`, or `./` and names below it, none empty, `.` or `..`. A relative name
  /// without the `./` GNU cpio leaves out (`a/b`) is read as below `.` (`./a/b`), as
  /// `pkgbuild` writes it.
  static func path(named name: ArraySlice<UInt8>) -> String? {
    let dot = UInt8(ascii: ".")
    let slash = UInt8(ascii: "/")
    if name.elementsEqual([dot]) { return "." }
    let relative = name.starts(with: [dot, slash]) ? name.dropFirst(2) : name
    let safe = relative.split(separator: slash, omittingEmptySubsequences: false).allSatisfy {
      !$0.isEmpty && !$0.elementsEqual([dot]) && !$0.elementsEqual([dot, dot])
    }
    return safe ? "./" + String(decoding: relative, as: UTF8.self) : nil
  }

  /// Checks that `header`'s mode has a type and its size suits it: none for a folder or a
  /// special file, a target of 1 to ``PayloadReader/maximumNameSize`` bytes for a link.
  static func checkType(_ header: CPIOHeader, at offset: Int64) throws(PayloadReaderError) {
    let type = header.mode & typeMask
    let sizeLimit: ClosedRange<Int64>
    switch type {
    case regularFile: return
    case symbolicLink: sizeLimit = 1...Int64(PayloadReader.maximumNameSize)
    case folder: sizeLimit = 0...0
    case _ where specialTypes.contains(type): sizeLimit = 0...0
    default:
      throw PayloadReaderError(
        .unknownType, at: offset + 18, path: header.name,
        "its mode \(String(header.mode, radix: 8)) has no file type a payload holds")
    }
    guard sizeLimit.contains(header.fileSize) else {
      throw PayloadReaderError(
        .badSize, at: offset + 65, path: header.name,
        "an entry of mode \(String(header.mode, radix: 8)) cannot hold \(header.fileSize) bytes")
    }
  }
}
