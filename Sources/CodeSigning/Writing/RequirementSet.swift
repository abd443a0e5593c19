import SystemSupport

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
