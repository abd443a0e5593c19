import SystemSupport

/// An icon family: the pictures of one icon at several sizes, as an `.icns` file holds them.
///
/// The file is the magic `icns` and the file's length (big-endian, 4 bytes), then one element per
/// picture: its type (a four-character code such as `ic07`), its length including this 8-byte
/// header (big-endian, 4 bytes), and its data, as Apple's `IconFamilyResource` and
/// `IconFamilyElement` structures lay it out.
package struct IconFamily: Sendable, Equatable {
  /// One picture of the family.
  package struct Element: Sendable, Equatable {
    /// The element's type, a four-character code such as `ic07` (128×128 PNG).
    package let type: String
    /// The element's data: here, a whole PNG file.
    package let data: [UInt8]

    /// Makes an element; `type` holds four ASCII characters.
    package init(type: String, data: [UInt8]) {
      precondition(type.utf8.count == 4, "an icon element's type is a four-character code")
      (self.type, self.data) = (type, data)
    }
  }

  // MARK: - Properties

  /// The elements, in file order.
  package var elements: [Element]

  // MARK: - Lifecycle

  /// Makes a family of `elements`.
  package init(elements: [Element]) {
    self.elements = elements
  }

  // MARK: - API

  /// The family as the bytes of an `.icns` file.
  package var bytes: [UInt8] {
    let headerSize = 8
    var writer = ByteWriter(
      capacity: headerSize + elements.reduce(0) { $0 + headerSize + $1.data.count })
    writer.writeFourCharCode("icns")
    writer.writeInteger(UInt32(0))  // set once the elements are written
    for element in elements {
      writer.writeFourCharCode(element.type)
      writer.writeInteger(UInt32(headerSize + element.data.count))
      writer.writeBytes(element.data)
    }
    writer.setInteger(UInt32(writer.count), at: 4)
    return writer.bytes
  }
}
