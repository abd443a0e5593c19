public import Foundation

/// A form's encoded body as an asynchronous sequence of chunks of at most a given size.
///
/// Memory stays bounded by the chunk size whatever the size of the parts. Each iteration
/// encodes the body afresh.
///
/// ```swift
/// for try await chunk in form.chunks(ofSize: 64 << 10) {
///   try await connection.send(chunk)
/// }
/// ```
public struct MultipartBodyChunks: AsyncSequence, Sendable {
  /// A chunk of the body.
  public typealias Element = Data

  private let form: MultipartFormData
  private let chunkSize: Int

  init(form: MultipartFormData, chunkSize: Int) {
    precondition(chunkSize > 0, "chunkSize must be positive")
    self.form = form
    self.chunkSize = chunkSize
  }

  /// Starts encoding the body.
  public func makeAsyncIterator() -> Iterator {
    Iterator(form: form, chunkSize: chunkSize)
  }

  /// Produces the chunks one by one.
  public struct Iterator: AsyncIteratorProtocol {
    private let form: MultipartFormData
    private let chunkSize: Int
    private var reader: MultipartBodyReader?
    private var finished = false

    init(form: MultipartFormData, chunkSize: Int) {
      self.form = form
      self.chunkSize = chunkSize
    }

    /// The next chunk, or `nil` after the last one.
    ///
    /// - Throws: ``MultipartEncodingError`` when a part cannot be read.
    public mutating func next() async throws -> Data? {
      guard !finished else { return nil }
      if reader == nil { reader = try MultipartBodyReader(form) }
      guard let reader else { return nil }
      var chunk = Data(count: chunkSize)
      let count = try chunk.withUnsafeMutableBytes { try reader.read(into: $0) }
      if count == 0 {
        finished = true
        reader.close()
        return nil
      }
      chunk.count = count
      return chunk
    }
  }
}

extension MultipartFormData {
  /// The encoded body as an asynchronous sequence of chunks.
  ///
  /// - Parameter chunkSize: The largest chunk, in bytes.
  /// - Returns: A sequence that encodes the body each time it is iterated.
  public func chunks(ofSize chunkSize: Int = defaultChunkSize) -> MultipartBodyChunks {
    MultipartBodyChunks(form: self, chunkSize: chunkSize)
  }
}
