/// Appends integers and bytes to a growing buffer, big- or little-endian.
///
/// Named by side effect: `write…` appends, `set…` patches bytes already written.
package struct ByteWriter {
  /// The bytes written so far.
  @usableFromInline package internal(set) var bytes: [UInt8] = []
  /// The byte order of `writeInteger` and `setInteger`.
  @usableFromInline package let bigEndian: Bool

  /// Makes an empty writer.
  package init(bigEndian: Bool = true, capacity: Int = 0) {
    self.bigEndian = bigEndian
    bytes.reserveCapacity(capacity)
  }

  /// The number of bytes written.
  package var count: Int { bytes.count }

  /// Appends `value` in the writer's byte order; returns the number of bytes written.
  ///
  /// The `@_specialize(exported:)` widths are compiled here once and called directly by the
  /// other modules, which otherwise call the generic body (package declarations are not
  /// inlined across modules): every field of every record went through the protocol's witness
  /// table and the type's metadata, a few percent of a 100,000-file build's own time.
  @discardableResult @inlinable
  @_specialize(exported:true,where T == UInt8)
  @_specialize(exported:true,where T == UInt16)
  @_specialize(exported:true,where T == UInt32)
  @_specialize(exported:true,where T == UInt64)
  @_specialize(exported:true,where T == Int16)
  @_specialize(exported:true,where T == Int32)
  @_specialize(exported:true,where T == Int64)
  @_specialize(exported:true,where T == Int)
  package mutating func writeInteger<T: FixedWidthInteger>(_ value: T) -> Int {
    let ordered = bigEndian ? value.bigEndian : value.littleEndian
    withUnsafeBytes(of: ordered) { bytes.append(contentsOf: $0) }
    return MemoryLayout<T>.size
  }

  /// Appends raw bytes.
  @inlinable
  @_specialize(exported:true,where S == [UInt8])
  @_specialize(exported:true,where S == ArraySlice<UInt8>)
  package mutating func writeBytes<S: Sequence<UInt8>>(_ values: S) {
    bytes.append(contentsOf: values)
  }

  /// Appends `count` zero bytes.
  @inlinable package mutating func writeZeros(_ count: Int) {
    bytes.append(contentsOf: repeatElement(0, count: count))
  }

  /// Appends zeros until the count is a multiple of `alignment`.
  package mutating func pad(toMultipleOf alignment: Int) {
    let remainder = bytes.count % alignment
    if remainder != 0 { writeZeros(alignment - remainder) }
  }

  /// Appends a four-character code such as `slnk`.
  package mutating func writeFourCharCode(_ code: String) {
    let utf8 = Array(code.utf8)
    precondition(utf8.count == 4, "a four-character code has four ASCII characters")
    writeBytes(utf8)
  }

  /// Overwrites bytes at `offset` with `value` in the writer's byte order.
  @inlinable
  @_specialize(exported:true,where T == UInt16)
  @_specialize(exported:true,where T == UInt32)
  @_specialize(exported:true,where T == UInt64)
  package mutating func setInteger<T: FixedWidthInteger>(_ value: T, at offset: Int) {
    let ordered = bigEndian ? value.bigEndian : value.littleEndian
    withUnsafeBytes(of: ordered) { raw in
      for (index, byte) in raw.enumerated() { bytes[offset + index] = byte }
    }
  }

  /// Overwrites bytes at `offset`.
  package mutating func setBytes(_ values: some Collection<UInt8>, at offset: Int) {
    bytes.replaceSubrange(offset..<(offset + values.count), with: values)
  }
}
