import Foundation

/// Encodes a Codable value as a form, in bracket notation.
///
/// Names are written as Rails and MultipartKit write them: `user[name]`, `tags[]` for lists of single values, `pets[0][name]` for lists of objects.
/// ``FormFile`` values become file parts; `nil` values are left out.
///
/// ```swift
/// struct Signup: Codable { var name: String; var tags: [String]; var avatar: FormFile? }
/// let form = try FormDataEncoder().encode(Signup(name: "Ada", tags: ["a", "b"], avatar: nil))
/// request.httpBody = form.makeBody()
/// ```
public struct FormDataEncoder: Sendable {
  /// Makes an encoder.
  public init() {}

  /// The form for `value`, which must encode as an object (a struct or class with keys).
  public func encode(_ value: some Encodable) throws -> MultipartFormData {
    let sink = FormFieldSink()
    try value.encode(to: FormFieldEncoder(prefix: "", sink: sink))
    var form = MultipartFormData()
    for (name, field) in sink.fields {
      switch field {
      case .text(let text): form.addString(text, forField: name)
      case .file(let file):
        form.addData(
          file.data, forField: name, filename: file.filename,
          mimeType: file.contentType ?? MIMETypes.type(forFilename: file.filename))
      default: continue
      }
    }
    return form
  }
}

/// The fields an encoding made, in order.
final class FormFieldSink {
  var fields: [(name: String, value: FormNode)] = []
}

struct FormFieldEncoder: Encoder {
  let prefix: String
  let sink: FormFieldSink
  var codingPath: [any CodingKey] = []
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func child(_ key: String) -> String { prefix.isEmpty ? key : "\(prefix)[\(key)]" }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    KeyedEncodingContainer(Keyed<Key>(encoder: self))
  }
  func unkeyedContainer() -> any UnkeyedEncodingContainer { Unkeyed(encoder: self) }
  func singleValueContainer() -> any SingleValueEncodingContainer { Single(encoder: self) }

  /// Encodes `value` under `name`: files as files, everything else through its own encoding.
  func encode(_ value: some Encodable, as name: String) throws {
    if let file = value as? FormFile {
      sink.fields.append((name, .file(file)))
    } else {
      try value.encode(to: FormFieldEncoder(prefix: name, sink: sink, codingPath: codingPath))
    }
  }

  struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: FormFieldEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }
    mutating func encodeNil(forKey key: Key) throws {}
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
      try encoder.encode(value, as: encoder.child(key.stringValue))
    }
    mutating func nestedContainer<N: CodingKey>(keyedBy keyType: N.Type, forKey key: Key)
      -> KeyedEncodingContainer<N>
    {
      FormFieldEncoder(prefix: encoder.child(key.stringValue), sink: encoder.sink)
        .container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      Unkeyed(encoder: FormFieldEncoder(prefix: encoder.child(key.stringValue), sink: encoder.sink))
    }
    mutating func superEncoder() -> any Encoder { encoder }
    mutating func superEncoder(forKey key: Key) -> any Encoder {
      FormFieldEncoder(prefix: encoder.child(key.stringValue), sink: encoder.sink)
    }
  }

  struct Unkeyed: UnkeyedEncodingContainer {
    let encoder: FormFieldEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }
    var count = 0

    mutating func encodeNil() throws { count += 1 }
    mutating func encode<T: Encodable>(_ value: T) throws {
      // A single value goes as `name[]`; an object as `name[index][key]`.
      let probe = FormFieldSink()
      if let file = value as? FormFile {
        probe.fields = [("", .file(file))]
      } else {
        try value.encode(to: FormFieldEncoder(prefix: "", sink: probe))
      }
      if probe.fields.count == 1, probe.fields[0].name.isEmpty {
        encoder.sink.fields.append(("\(encoder.prefix)[]", probe.fields[0].value))
      } else {
        let item = "\(encoder.prefix)[\(count)]"
        for (name, field) in probe.fields {
          let rest = name.firstIndex(of: "[").map { name[$0...] } ?? ""
          let key = name.prefix { $0 != "[" }
          encoder.sink.fields.append(("\(item)[\(key)]\(rest)", field))
        }
      }
      count += 1
    }
    mutating func nestedContainer<N: CodingKey>(keyedBy keyType: N.Type)
      -> KeyedEncodingContainer<N>
    {
      defer { count += 1 }
      return FormFieldEncoder(prefix: "\(encoder.prefix)[\(count)]", sink: encoder.sink)
        .container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
      defer { count += 1 }
      return Unkeyed(
        encoder: FormFieldEncoder(prefix: "\(encoder.prefix)[\(count)]", sink: encoder.sink))
    }
    mutating func superEncoder() -> any Encoder { encoder }
  }

  struct Single: SingleValueEncodingContainer {
    let encoder: FormFieldEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }
    private func add(_ text: String) { encoder.sink.fields.append((encoder.prefix, .text(text))) }
    mutating func encodeNil() throws {}
    mutating func encode(_ value: Bool) throws { add(value ? "true" : "false") }
    mutating func encode(_ value: String) throws { add(value) }
    mutating func encode(_ value: Double) throws { add("\(value)") }
    mutating func encode(_ value: Float) throws { add("\(value)") }
    mutating func encode(_ value: Int) throws { add("\(value)") }
    mutating func encode(_ value: Int8) throws { add("\(value)") }
    mutating func encode(_ value: Int16) throws { add("\(value)") }
    mutating func encode(_ value: Int32) throws { add("\(value)") }
    mutating func encode(_ value: Int64) throws { add("\(value)") }
    mutating func encode(_ value: UInt) throws { add("\(value)") }
    mutating func encode(_ value: UInt8) throws { add("\(value)") }
    mutating func encode(_ value: UInt16) throws { add("\(value)") }
    mutating func encode(_ value: UInt32) throws { add("\(value)") }
    mutating func encode(_ value: UInt64) throws { add("\(value)") }
    mutating func encode<T: Encodable>(_ value: T) throws {
      try encoder.encode(value, as: encoder.prefix)
    }
  }
}
