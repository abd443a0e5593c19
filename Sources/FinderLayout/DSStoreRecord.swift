import SystemSupport

/// One entry of a `.DS_Store` file: a file name, a four-character code, and a typed value.
package struct DSStoreRecord: Sendable, Equatable {
  /// The typed values a record can hold (the four-character type codes of the format).
  package enum Value: Sendable, Equatable {
    /// `bool`: one byte.
    case bool(Bool)
    /// `long`: a 32-bit integer.
    case long(UInt32)
    /// `shor`: a 16-bit integer, stored in 4 bytes.
    case short(UInt16)
    /// `blob`: bytes with a 32-bit length.
    case blob([UInt8])
    /// `ustr`: UTF-16 text with a 32-bit length in units.
    case text(String)
    /// `type`: a four-character code.
    case type(String)
    /// `comp`: a 64-bit integer.
    case long64(UInt64)
    /// `dutc`: a date, in 1/65536 seconds since 1904.
    case date(UInt64)

    var code: String {
      switch self {
      case .bool: "bool"
      case .long: "long"
      case .short: "shor"
      case .blob: "blob"
      case .text: "ustr"
      case .type: "type"
      case .long64: "comp"
      case .date: "dutc"
      }
    }
  }

  /// The file the record is about; `.` for the folder itself.
  package let name: String
  /// What the record says, such as `Iloc` (icon location) or `bwsp` (window settings).
  package let code: String
  /// The value.
  package let value: Value

  /// Makes a record.
  package init(name: String, code: String, value: Value) {
    self.name = name
    self.code = code
    self.value = value
  }

  /// The name as stored: UTF-16, decomposed as HFS+ stores names.
  var storedName: [UInt16] { Array(HFSNameForm.decomposed(name).utf16) }

  /// The record's bytes.
  func write(into writer: inout ByteWriter) {
    let units = storedName
    writer.writeInteger(UInt32(units.count))
    for unit in units { writer.writeInteger(unit) }
    writer.writeFourCharCode(code)
    writer.writeFourCharCode(value.code)
    switch value {
    case .bool(let flag): writer.writeInteger(UInt8(flag ? 1 : 0))
    case .long(let number): writer.writeInteger(number)
    case .short(let number):
      writer.writeInteger(UInt16(0))
      writer.writeInteger(number)
    case .blob(let bytes):
      writer.writeInteger(UInt32(bytes.count))
      writer.writeBytes(bytes)
    case .text(let text):
      let textUnits = Array(text.utf16)
      writer.writeInteger(UInt32(textUnits.count))
      for unit in textUnits { writer.writeInteger(unit) }
    case .type(let code): writer.writeFourCharCode(code)
    case .long64(let number), .date(let number): writer.writeInteger(number)
    }
  }

  var byteCount: Int {
    var writer = ByteWriter()
    write(into: &writer)
    return writer.count
  }

  /// The Finder's order: names compared case-insensitively, then codes.
  static func precedes(_ lhs: DSStoreRecord, _ rhs: DSStoreRecord) -> Bool {
    let left = lhs.storedName.map(HFSNameForm.fold)
    let right = rhs.storedName.map(HFSNameForm.fold)
    if left != right { return left.lexicographicallyPrecedes(right) }
    return lhs.code < rhs.code
  }
}
