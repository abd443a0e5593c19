/// A source of bytes for a streamed part, read once from start to end.
///
/// Conform a type to stream a part from anything: a socket, a decompressor, a generator. The
/// form opens a fresh source each time it is encoded (see
/// ``MultipartFormData/addStream(length:forField:filename:mimeType:headers:open:)``).
public protocol MultipartByteSource {
  /// Reads up to `buffer.count` bytes into `buffer`.
  ///
  /// - Parameter buffer: Where to put the bytes.
  /// - Returns: The number of bytes read; 0 only at the end of the source.
  /// - Throws: Any error; encoding stops and reports it with the part's name.
  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
}
