/// A code signature's entitlements: the XML property list as the user wrote it (special slot 5)
/// and its DER encoding (slot 7), with what they change in the code directory.
///
/// ```swift
/// let entitlements = try Entitlements(xml: Array(xmlText.utf8))
/// entitlements.der                     // 70 … (the slot-7 payload)
/// entitlements.executableSegmentFlags  // 0x40 for dynamic-codesigning
/// ```
package struct Entitlements: Sendable, Equatable {
  // MARK: - Properties

  /// The XML, byte for byte as given (the payload of the `0xfade7171` blob).
  package let xml: [UInt8]
  /// The parsed property list's top-level dictionary.
  package let values: [String: PropertyListValue]
  /// The DER encoding (the payload of the `0xfade7172` blob): `[APPLICATION 16] { INTEGER 1,
  /// dictionary }`, keys sorted by their bytes.
  package let der: [UInt8]

  /// The entitlements (boolean `true`) that set exec-segment flags, with their bits
  /// (`CS_EXECSEG_*` in Apple's `cs_blobs.h`).
  static let executableSegmentBits: [(key: String, flag: UInt64)] = [
    ("get-task-allow", 0x10),  // CS_EXECSEG_ALLOW_UNSIGNED
    ("run-unsigned-code", 0x10),  // CS_EXECSEG_ALLOW_UNSIGNED
    ("com.apple.private.cs.debugger", 0x20),  // CS_EXECSEG_DEBUGGER
    ("dynamic-codesigning", 0x40),  // CS_EXECSEG_JIT
    ("com.apple.private.skip-library-validation", 0x80),  // CS_EXECSEG_SKIP_LV
    ("com.apple.private.amfi.can-load-cdhash", 0x100),  // CS_EXECSEG_CAN_LOAD_CDHASH
    ("com.apple.private.amfi.can-execute-cdhash", 0x200),  // CS_EXECSEG_CAN_EXEC_CDHASH
  ]

  // MARK: - Lifecycle

  /// Reads and encodes an entitlements property list.
  ///
  /// - Parameter xml: The XML property list, whose top-level value is a dictionary.
  /// - Throws: ``EntitlementsError`` naming the line of malformed XML, or the key path of a
  ///   real, date or data value (the DER form cannot hold them).
  package init(xml: [UInt8]) throws(EntitlementsError) {
    let value = try XMLPropertyListReader.read(xml)
    guard case .dictionary(let values) = value else {
      throw .notADictionary(type: Self.elementName(of: value))
    }
    self.xml = xml
    self.values = values
    der = EntitlementsDEREncoder.encode(values)
  }

  // MARK: - API

  /// The code directory's exec-segment flags these entitlements add (for a main executable);
  /// the public `com.apple.security.cs.*` keys add none.
  package var executableSegmentFlags: UInt64 {
    Self.executableSegmentBits.reduce(0) { flags, entry in
      values[entry.key] == .boolean(true) ? flags | entry.flag : flags
    }
  }

  /// Whether `com.apple.security.get-task-allow` is `true`: debuggers may attach, and Apple's
  /// notary refuses the signature.
  package var requestsGetTaskAllow: Bool {
    values["com.apple.security.get-task-allow"] == .boolean(true)
  }

  private static func elementName(of value: PropertyListValue) -> String {
    switch value {
    case .boolean(let flag): flag ? "true" : "false"
    case .integer: "integer"
    case .string: "string"
    case .array: "array"
    case .dictionary: "dict"
    }
  }
}
