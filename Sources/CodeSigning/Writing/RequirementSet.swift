import SystemSupport

/// A code requirement expression, in the binary form of Apple's Code Signing Requirement
/// Language (`csreq`): opcodes and operands, big-endian, data padded to four bytes.
package indirect enum RequirementExpression: Sendable, Equatable {
  /// `identifier "<id>"` (`opIdent`, 2).
  case identifier(String)
  /// `anchor apple generic` (`opAppleGenericAnchor`, 15).
  case appleGenericAnchor
  /// `certificate <slot>[field.<oid>] /* exists */` (`opCertGeneric`, 14, with `matchExists`);
  /// slot 0 is the leaf.
  case certificateExtensionExists(slot: Int32, oid: [UInt8])
  /// `certificate <slot>[<field>] = "<value>"` (`opCertField`, 11, with `matchEqual`).
  case certificateField(slot: Int32, field: String, equals: String)
  /// `<left> and <right>` (`opAnd`, 6).
  case and(RequirementExpression, RequirementExpression)

  /// The designated requirement `codesign` derives for a Developer ID certificate:
  /// `identifier "<id>" and anchor apple generic and certificate 1[field.1.2.840.113635.100.6.2.6]
  /// /* exists */ and certificate leaf[field.1.2.840.113635.100.6.1.13] /* exists */ and
  /// certificate leaf[subject.OU] = "<team>"`.
  package static func developerID(identifier: String, teamIdentifier: String) -> Self {
    // 1.2.840.113635.100.6.2.6: the Developer ID certification authority.
    let intermediateMarker: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x63, 0x64, 0x06, 0x02, 0x06]
    // 1.2.840.113635.100.6.1.13: a Developer ID Application certificate.
    let leafMarker: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x63, 0x64, 0x06, 0x01, 0x0D]
    return .and(
      .and(
        .and(
          .and(.identifier(identifier), .appleGenericAnchor),
          .certificateExtensionExists(slot: 1, oid: intermediateMarker)),
        .certificateExtensionExists(slot: 0, oid: leafMarker)),
      .certificateField(slot: 0, field: "subject.OU", equals: teamIdentifier))
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
    case .and(let left, let right):
      writer.writeInteger(UInt32(6))
      left.write(to: &writer)
      right.write(to: &writer)
    }
  }
}

/// A requirement set blob (`0xfade0c01`) holding one designated requirement (type 3), as
/// `codesign` writes it.
package struct RequirementSet: Sendable, Equatable {
  /// The designated requirement, or `nil` for an empty set.
  package var designated: RequirementExpression?

  /// Makes a set.
  package init(designated: RequirementExpression?) { self.designated = designated }

  /// The blob's bytes.
  package func bytes() -> [UInt8] {
    var writer = ByteWriter()
    writer.writeInteger(UInt32(0xFADE_0C01))
    writer.writeInteger(UInt32(0))  // length, set below
    guard let designated else {
      writer.writeInteger(UInt32(0))
      writer.setInteger(UInt32(writer.count), at: 4)
      return writer.bytes
    }
    writer.writeInteger(UInt32(1))  // count
    writer.writeInteger(UInt32(3))  // kSecDesignatedRequirementType
    writer.writeInteger(UInt32(20))  // offset of the requirement blob
    // The requirement blob: magic, length, kind 1 (expression form), the expression.
    var requirement = ByteWriter()
    requirement.writeInteger(UInt32(0xFADE_0C00))
    requirement.writeInteger(UInt32(0))
    requirement.writeInteger(UInt32(1))
    designated.write(to: &requirement)
    requirement.setInteger(UInt32(requirement.count), at: 4)
    writer.writeBytes(requirement.bytes)
    writer.setInteger(UInt32(writer.count), at: 4)
    return writer.bytes
  }
}
