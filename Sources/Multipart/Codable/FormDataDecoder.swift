public import Foundation

/// Decodes a Codable value from a parsed form, reading bracket notation.
///
/// Names are read as Rails, MultipartKit and browsers' field naming write them: `user[name]`, `tags[]`, `pets[0][name]`, `pets[][name]`.
/// Parts with a file name decode as ``FormFile``; numbers and `true`/`false` (also `on`, `1`, `0`)
/// are read from text.
///
/// ```swift
/// let parts = try MultipartParser.parts(of: body, boundary: boundary)
/// let signup = try FormDataDecoder().decode(Signup.self, from: parts)
/// ```
public struct FormDataDecoder: Sendable {
  /// Makes a decoder.
  public init() {}

  /// The value the parts hold.
  public func decode<T: Decodable>(_ type: T.Type, from parts: [MultipartReceivedPart]) throws
    -> T
  {
    var fields: [(name: String, value: FormNode)] = []
    for part in parts {
      guard let name = part.head.name else { continue }
      let data = try part.data()
      if let filename = part.head.filename {
        fields.append(
          (
            name,
            .file(FormFile(filename: filename, contentType: part.head.contentType, data: data))
          ))
      } else {
        fields.append((name, .text(String(decoding: data, as: UTF8.self))))
      }
    }
    return try T(from: FormNodeDecoder(node: FormNode.tree(fields), codingPath: []))
  }

  /// The value a whole body holds.
  public func decode<T: Decodable>(_ type: T.Type, from body: Data, boundary: String) throws -> T {
    let parts = try MultipartParser.parts(of: body, boundary: boundary)
    defer { for part in parts { part.removeFile() } }
    return try decode(type, from: parts)
  }
}

struct FormNodeDecoder: Decoder {
  let node: FormNode
  var codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  struct Index: CodingKey {
    let intValue: Int?
    var stringValue: String { "\(intValue ?? 0)" }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
  }

  func mismatch(_ expected: String) -> DecodingError {
    .typeMismatch(
      Any.self,
      .init(codingPath: codingPath, debugDescription: "expected \(expected) in the form"))
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .object(let object) = node else { throw mismatch("fields in brackets") }
    return KeyedDecodingContainer(Keyed<Key>(object: object, codingPath: codingPath))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    switch node {
    case .list(let items): return Unkeyed(items: items, codingPath: codingPath)
    case .text, .file: return Unkeyed(items: [node], codingPath: codingPath)
    case .object(let object):
      // `pets[0]` and `pets[1]` seen as keys when the list was given by index out of order.
      let items = object.compactMap { key, value in Int(key).map { ($0, value) } }
        .sorted { $0.0 < $1.0 }.map(\.1)
      guard items.count == object.count else { throw mismatch("a list") }
      return Unkeyed(items: items, codingPath: codingPath)
    }
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(decoder: self) }

  /// Decodes `type` from `node`, reading a ``FormFile`` from a file part directly.
  static func decode<T: Decodable>(_ type: T.Type, from node: FormNode, at path: [any CodingKey])
    throws -> T
  {
    if case .file(let file) = node, let value = file as? T { return value }
    return try T(from: FormNodeDecoder(node: node, codingPath: path))
  }

  struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: [String: FormNode]
    let codingPath: [any CodingKey]
    var allKeys: [Key] { object.keys.compactMap(Key.init(stringValue:)) }
    func contains(_ key: Key) -> Bool { object[key.stringValue] != nil }
    func decodeNil(forKey key: Key) throws -> Bool {
      guard let value = object[key.stringValue] else { return true }
      if case .text(let text) = value { return text.isEmpty }
      return false
    }
    func node(_ key: Key) throws -> FormNode {
      guard let value = object[key.stringValue] else {
        throw DecodingError.keyNotFound(
          key,
          .init(
            codingPath: codingPath, debugDescription: "the form has no field \(key.stringValue)"))
      }
      return value
    }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
      try FormNodeDecoder.decode(type, from: try node(key), at: codingPath + [key])
    }
    func nestedContainer<N: CodingKey>(keyedBy type: N.Type, forKey key: Key) throws
      -> KeyedDecodingContainer<N>
    {
      try FormNodeDecoder(node: try node(key), codingPath: codingPath + [key]).container(
        keyedBy: type)
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
      try FormNodeDecoder(node: try node(key), codingPath: codingPath + [key]).unkeyedContainer()
    }
    func superDecoder() throws -> any Decoder {
      FormNodeDecoder(node: .object(object), codingPath: codingPath)
    }
    func superDecoder(forKey key: Key) throws -> any Decoder {
      FormNodeDecoder(node: try node(key), codingPath: codingPath + [key])
    }
  }

  struct Unkeyed: UnkeyedDecodingContainer {
    let items: [FormNode]
    let codingPath: [any CodingKey]
    var currentIndex = 0
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    mutating func next() throws -> (FormNode, [any CodingKey]) {
      guard !isAtEnd else {
        throw DecodingError.valueNotFound(
          Any.self, .init(codingPath: codingPath, debugDescription: "the list has no more items"))
      }
      defer { currentIndex += 1 }
      return (items[currentIndex], codingPath + [Index(intValue: currentIndex)])
    }
    mutating func decodeNil() throws -> Bool {
      guard !isAtEnd, case .text(let text) = items[currentIndex], text.isEmpty else { return false }
      currentIndex += 1
      return true
    }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
      let (node, path) = try next()
      return try FormNodeDecoder.decode(type, from: node, at: path)
    }
    mutating func nestedContainer<N: CodingKey>(keyedBy type: N.Type) throws
      -> KeyedDecodingContainer<N>
    {
      let (node, path) = try next()
      return try FormNodeDecoder(node: node, codingPath: path).container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
      let (node, path) = try next()
      return try FormNodeDecoder(node: node, codingPath: path).unkeyedContainer()
    }
    mutating func superDecoder() throws -> any Decoder {
      let (node, path) = try next()
      return FormNodeDecoder(node: node, codingPath: path)
    }
  }

  struct Single: SingleValueDecodingContainer {
    let decoder: FormNodeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func text() throws -> String {
      guard case .text(let text) = decoder.node else { throw decoder.mismatch("a single value") }
      return text
    }
    func number<T: LosslessStringConvertible>(_ type: T.Type) throws -> T {
      let text = try text()
      guard let value = T(text.trimmingCharacters(in: .whitespaces)) else {
        throw DecodingError.dataCorrupted(
          .init(
            codingPath: codingPath, debugDescription: "\(text.debugDescription) is not a \(T.self)")
        )
      }
      return value
    }
    func decodeNil() -> Bool {
      if case .text(let text) = decoder.node { return text.isEmpty }
      return false
    }
    func decode(_ type: Bool.Type) throws -> Bool {
      switch try text().lowercased() {
      case "true", "on", "1", "yes": return true
      case "false", "off", "0", "no", "": return false
      default: throw decoder.mismatch("true or false")
      }
    }
    func decode(_ type: String.Type) throws -> String { try text() }
    func decode(_ type: Double.Type) throws -> Double { try number(type) }
    func decode(_ type: Float.Type) throws -> Float { try number(type) }
    func decode(_ type: Int.Type) throws -> Int { try number(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try number(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try number(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try number(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try number(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try number(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try number(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try number(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try number(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try number(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
      try FormNodeDecoder.decode(type, from: decoder.node, at: codingPath)
    }
  }
}
