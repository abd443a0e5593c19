import Foundation

/// Reads property lists that come from outside, XML or binary.
///
/// Those are an image's resource fork, a bundle's `Info.plist` or seal, a `.DS_Store` record.
/// Every reader of such bytes goes through here, for two reasons:
/// - swift-corelibs-foundation's `PropertyListSerialization` crashes (a bad pointer while
///   bridging `NSSet` to `Set<AnyHashable>`) on a binary property list holding a set with
///   members (object marker `0xCn`), a type none of these files has. A set is refused before
///   Foundation sees it. Found by `Fuzz/image-readers` (the coderesources and dsstore targets).
/// - Foundation's errors read "The operation could not be completed"; a ``Refusal`` says what
///   is wrong in plain words (Foundation's own detail when it gives one).
package enum PropertyListInput {
  /// Why bytes are not a property list we read, as words to put after "not a property list: ".
  package struct Refusal: Error, Equatable, CustomStringConvertible {
    package let description: String
  }

  /// The property list in `bytes`, of whatever type its top level is.
  /// - Throws: ``Refusal`` when the bytes do not parse or hold a set.
  package static func value(from bytes: [UInt8]) throws(Refusal) -> Any {
    if let set = firstSet(in: bytes) {
      throw Refusal(description: "the binary property list holds a set (at byte \(set))")
    }
    do {
      return try PropertyListSerialization.propertyList(from: Data(bytes), format: nil)
    } catch {
      throw Refusal(description: Self.reason(error))
    }
  }

  /// The dictionary at the top of the property list in `bytes`.
  /// - Throws: ``Refusal`` when the bytes do not parse, hold a set, or hold something else at
  ///   the top.
  package static func dictionary(from bytes: [UInt8]) throws(Refusal) -> [String: Any] {
    guard let dictionary = try value(from: bytes) as? [String: Any] else {
      throw Refusal(description: "the top level is not a dictionary with string keys")
    }
    return dictionary
  }

  /// Foundation's detail for a parse error (`NSDebugDescription`), without its domain and code.
  private static func reason(_ error: any Error) -> String {
    let nsError = error as NSError
    if let detail = nsError.userInfo[NSDebugDescriptionErrorKey] as? String, !detail.isEmpty {
      return "it does not parse (\(detail))"
    }
    return "it does not parse as XML or binary"
  }

  /// The byte offset of the first set object of a binary property list (`bplist`).
  ///
  /// `nil` when it holds none, is not one, or its trailer is damaged (which Foundation then
  /// refuses on its own). Every object the top one reaches is in the offset
  /// table, so looking at each entry's marker finds any set Foundation would build.
  static func firstSet(in bytes: [UInt8]) -> Int? {
    guard bytes.count >= 40, bytes.starts(with: Array("bplist".utf8)) else { return nil }
    func integer(at offset: Int, size: Int) -> Int? {
      guard size > 0, size <= 8, offset >= 0, offset <= bytes.count - size else { return nil }
      let value = bytes[offset..<(offset + size)].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
      return Int(exactly: value)
    }
    let trailer = bytes.count - 32
    let offsetSize = Int(bytes[trailer + 6])
    guard let count = integer(at: trailer + 8, size: 8),
      let table = integer(at: trailer + 24, size: 8),
      table <= trailer, count <= (trailer - table) / max(offsetSize, 1)
    else { return nil }
    for index in 0..<count {
      // An entry out of range fails Foundation's parse only if the top object reaches it.
      guard let object = integer(at: table + index * offsetSize, size: offsetSize),
        object < bytes.count
      else { continue }
      if bytes[object] >> 4 == 0xC { return object }
    }
    return nil
  }
}
