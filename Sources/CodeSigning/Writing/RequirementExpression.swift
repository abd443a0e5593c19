import SystemSupport

/// A code requirement expression, in the binary form of Apple's Code Signing Requirement
/// Language (`csreq`): opcodes and operands, big-endian, data padded to four bytes.
///
/// ``description`` prints it as `codesign -d -r-` does.
package indirect enum RequirementExpression: Sendable, Equatable {
  /// `identifier "<id>"` (`opIdent`, 2).
  case identifier(String)
  /// `anchor apple generic` (`opAppleGenericAnchor`, 15).
  case appleGenericAnchor
  /// `certificate <slot> = H"<SHA-1 of the certificate>"` (`opAnchorHash`, 4); slot −1 is the
  /// anchor (`root`).
  case certificateHash(slot: Int32, sha1: [UInt8])
  /// `cdhash H"<hash>"` (`opCDHash`, 8): the code directory hash, for ad hoc code.
  case cdhash([UInt8])
  /// `certificate <slot>[field.<oid>] /* exists */` (`opCertGeneric`, 14, with `matchExists`);
  /// slot 0 is the leaf.
  case certificateExtensionExists(slot: Int32, oid: [UInt8])
  /// `certificate <slot>[<field>] = "<value>"` (`opCertField`, 11, with `matchEqual`).
  case certificateField(slot: Int32, field: String, equals: String)
  /// `<left> and <right>` (`opAnd`, 6).
  case and(RequirementExpression, RequirementExpression)
  /// `<left> or <right>` (`opOr`, 7).
  case or(RequirementExpression, RequirementExpression)

  /// The certificate slot of the chain's anchor (`root`).
  package static let anchorSlot: Int32 = -1

  /// The designated requirement `codesign` derives for a Developer ID certificate:
  /// `identifier "<id>" and anchor apple generic and certificate 1[field.1.2.840.113635.100.6.2.6]
  /// /* exists */ and certificate leaf[field.1.2.840.113635.100.6.1.13] /* exists */ and
  /// certificate leaf[subject.OU] = "<team>"`.
  ///
  /// Nested to the right, `and(identifier, and(anchor, and(…)))`, as Apple's DR maker writes it
  /// and the reference's byte vector (app-signing.md §5) shows.
  package static func developerID(identifier: String, teamIdentifier: String) -> Self {
    let terms = developerIDTerms(identifier: identifier, teamIdentifier: teamIdentifier)
    return terms.dropLast().reversed().reduce(terms[terms.count - 1]) { .and($1, $0) }
  }

  /// The terms of ``developerID(identifier:teamIdentifier:)``, nested to the left.
  ///
  /// `and(and(and(and(identifier, anchor), …)))`: the bytes the disk-image signature has always
  /// had, kept so that its output does not change. Both nestings mean the same and print the
  /// same text.
  package static func developerIDNestedLeft(identifier: String, teamIdentifier: String) -> Self {
    let terms = developerIDTerms(identifier: identifier, teamIdentifier: teamIdentifier)
    return terms.dropFirst().reduce(terms[0]) { .and($0, $1) }
  }

  private static func developerIDTerms(identifier: String, teamIdentifier: String) -> [Self] {
    // 1.2.840.113635.100.6.2.6: the Developer ID certification authority.
    let intermediateMarker: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x63, 0x64, 0x06, 0x02, 0x06]
    // 1.2.840.113635.100.6.1.13: a Developer ID Application certificate.
    let leafMarker: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x63, 0x64, 0x06, 0x01, 0x0D]
    return [
      .identifier(identifier), .appleGenericAnchor,
      .certificateExtensionExists(slot: 1, oid: intermediateMarker),
      .certificateExtensionExists(slot: 0, oid: leafMarker),
      .certificateField(slot: 0, field: "subject.OU", equals: teamIdentifier),
    ]
  }

  /// The designated requirement `codesign` derives for a certificate Apple did not issue:
  /// `identifier "<id>" and certificate root = H"<SHA-1 of the root certificate>"`.
  package static func rootCertificate(identifier: String, rootSHA1: [UInt8]) -> Self {
    .and(.identifier(identifier), .certificateHash(slot: anchorSlot, sha1: rootSHA1))
  }

  /// Appends the expression's binary form.
  func write(to writer: inout ByteWriter) {
    func data(_ bytes: [UInt8]) {
      writer.writeInteger(UInt32(bytes.count))
      writer.writeBytes(bytes)
      writer.pad(toMultipleOf: 4)
    }
    switch self {
    case .identifier(let identifier):
      writer.writeInteger(UInt32(2))
      data(Array(identifier.utf8))
    case .appleGenericAnchor:
      writer.writeInteger(UInt32(15))
    case .certificateHash(let slot, let hash):
      writer.writeInteger(UInt32(4))
      writer.writeInteger(slot)
      data(hash)
    case .cdhash(let hash):
      writer.writeInteger(UInt32(8))
      data(hash)
    case .certificateExtensionExists(let slot, let oid):
      writer.writeInteger(UInt32(14))
      writer.writeInteger(slot)
      data(oid)
      writer.writeInteger(UInt32(0))  // matchExists
    case .certificateField(let slot, let field, let value):
      writer.writeInteger(UInt32(11))
      writer.writeInteger(slot)
      data(Array(field.utf8))
      writer.writeInteger(UInt32(1))  // matchEqual
      data(Array(value.utf8))
    case .and(let left, let right), .or(let left, let right):
      writer.writeInteger(UInt32(isAnd ? 6 : 7))
      left.write(to: &writer)
      right.write(to: &writer)
    }
  }

  var isAnd: Bool {
    if case .and = self { return true }
    return false
  }
}
