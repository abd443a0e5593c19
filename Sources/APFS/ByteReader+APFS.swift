import SystemSupport

extension ByteReader {
  /// The little-endian integer at `position` of the structure `what`.
  ///
  /// - Throws: ``APFSError/malformedContainer(_:)`` naming `what` when it is cut short.
  func field<T: FixedWidthInteger>(
    at position: Int, of what: @autoclosure () -> String, as type: T.Type = T.self
  ) throws(APFSError) -> T {
    do { return try getInteger(at: position) } catch {
      throw .malformedContainer(
        "\(what()) is cut short: \(MemoryLayout<T>.size) bytes at byte \(position) of "
          + "\(bytes.count)")
    }
  }

  /// The `count` bytes at `position` of the structure `what`.
  ///
  /// - Throws: ``APFSError/malformedContainer(_:)`` naming `what` when they pass its end.
  func field(at position: Int, count: Int, of what: @autoclosure () -> String)
    throws(APFSError) -> ArraySlice<UInt8>
  {
    do { return try getBytes(at: position, count: count) } catch {
      throw .malformedContainer(
        "\(what()): \(count) bytes at byte \(position) pass its \(bytes.count)")
    }
  }
}
