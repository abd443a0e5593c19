import Digests

extension RequirementExpression: CustomStringConvertible {
  /// The expression in the Code Signing Requirement Language, as `codesign -d -r-` prints it
  /// (and a parent bundle's CodeResources records it), such as
  /// `identifier "com.example.app" and anchor apple generic and … certificate leaf[subject.OU] =
  /// ABCDE12345`.
  ///
  /// Values follow the quoting of Apple's requirement dumper: letters and digits print bare
  /// (dots too in field names), a value with other printable characters, a leading digit, or
  /// the spelling of a keyword is quoted (`\` and `"` escaped), anything else prints as `0x…`.
  package var description: String { text(level: .or) }

  private enum Level: Int, Comparable {
    case primary, and, or
    static func < (left: Level, right: Level) -> Bool { left.rawValue < right.rawValue }
  }

  private func text(level: Level) -> String {
    switch self {
    case .identifier(let identifier):
      return "identifier " + Self.value(Array(identifier.utf8), dotIsPlain: false)
    case .appleGenericAnchor:
      return "anchor apple generic"
    case .certificateHash(let slot, let hash):
      return "certificate" + Self.slotText(slot) + " = H\"" + hash.hex + "\""
    case .cdhash(let hash):
      return "cdhash H\"" + hash.hex + "\""
    case .certificateExtensionExists(let slot, let oid):
      return "certificate" + Self.slotText(slot) + "[field." + Self.oidText(oid) + "] /* exists */"
    case .certificateField(let slot, let field, let value):
      return "certificate" + Self.slotText(slot) + "["
        + Self.value(Array(field.utf8), dotIsPlain: true) + "] = "
        + Self.value(Array(value.utf8), dotIsPlain: false)
    case .and(let left, let right), .or(let left, let right):
      let own: Level = isAnd ? .and : .or
      let joined =
        left.text(level: own) + (isAnd ? " and " : " or ") + right.text(level: own)
      return level < own ? "(" + joined + ")" : joined
    }
  }

  /// Words of the requirement language, which print quoted even when plain.
  private static let keywords: Set<String> = [
    "always", "and", "anchor", "apple", "carry", "cdhash", "cert", "certificate", "designated",
    "entitlement", "exists", "false", "generic", "guest", "host", "identifier", "info", "leaf",
    "legacy", "library", "never", "notarized", "or", "platform", "plugin", "root", "trusted",
    "true",
  ]

  private static func value(_ bytes: [UInt8], dotIsPlain: Bool) -> String {
    enum Mode { case plain, quoted, binary }
    var mode = Mode.plain
    for (index, byte) in bytes.enumerated() {
      let isDigit = byte >= 0x30 && byte <= 0x39
      let isLetter = (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
      if isDigit || isLetter || (dotIsPlain && byte == UInt8(ascii: ".")) {
        if index == 0 && isDigit { mode = .quoted }
      } else if (0x21...0x7E).contains(byte) || byte == 0x20 || (0x09...0x0D).contains(byte) {
        mode = .quoted
      } else {
        mode = .binary
        break
      }
    }
    let text = String(decoding: bytes, as: UTF8.self)
    if mode == .plain && (bytes.isEmpty || keywords.contains(text)) { mode = .quoted }
    switch mode {
    case .plain: return text
    case .binary: return "0x" + bytes.hex
    case .quoted:
      let escaped = text.replacingBackslashesAndQuotes()
      return "\"" + escaped + "\""
    }
  }

  private static func slotText(_ slot: Int32) -> String {
    switch slot {
    case anchorSlot: " root"
    case 0: " leaf"
    default: " \(slot)"
    }
  }

  /// An object identifier's dotted form from its DER content bytes.
  private static func oidText(_ content: [UInt8]) -> String {
    var arcs: [UInt64] = []
    var value: UInt64 = 0
    for byte in content {
      value = value << 7 | UInt64(byte & 0x7F)
      guard byte & 0x80 == 0 else { continue }
      if arcs.isEmpty {
        let first: UInt64 = value < 80 ? value / 40 : 2
        arcs += [first, value - first * 40]
      } else {
        arcs.append(value)
      }
      value = 0
    }
    return arcs.map(String.init).joined(separator: ".")
  }
}

extension String {
  fileprivate func replacingBackslashesAndQuotes() -> String {
    var result = ""
    for character in self {
      if character == "\\" || character == "\"" { result.append("\\") }
      result.append(character)
    }
    return result
  }
}
