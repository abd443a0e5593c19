public import Foundation

extension MultipartParser {
  /// Parses a whole body held in memory into its parts.
  ///
  /// - Throws: ``MultipartParseError`` for a malformed body or a limit passed; spilled files are
  ///   removed then.
  public static func parts(
    of body: Data, boundary: String, limits: MultipartParserLimits = MultipartParserLimits(),
    spillThreshold: Int = 1 << 20
  ) throws -> [MultipartReceivedPart] {
    var parser = try MultipartParser(boundary: boundary, limits: limits)
    var collector = MultipartPartCollector(spillThreshold: spillThreshold)
    do {
      try body.withUnsafeBytes { bytes in try parser.feed(bytes) { try collector.handle($0) } }
      try parser.finish()
    } catch {
      collector.discard()
      throw error
    }
    return collector.takeParts()
  }

  /// Parses a body arriving as chunks, yielding each part as soon as it is complete.
  ///
  /// ```swift
  /// for try await part in MultipartParser.parts(of: chunks, boundary: boundary) {
  ///   print(part.head.name ?? "", part.size)
  /// }
  /// ```
  public static func parts<Chunks: AsyncSequence & Sendable>(
    of chunks: Chunks, boundary: String, limits: MultipartParserLimits = MultipartParserLimits(),
    spillThreshold: Int = 1 << 20
  ) -> AsyncThrowingStream<MultipartReceivedPart, any Error> where Chunks.Element == Data {
    AsyncThrowingStream { continuation in
      let task = Task {
        var collector = MultipartPartCollector(spillThreshold: spillThreshold)
        do {
          var parser = try MultipartParser(boundary: boundary, limits: limits)
          for try await chunk in chunks {
            try chunk.withUnsafeBytes { bytes in
              try parser.feed(bytes) { try collector.handle($0) }
            }
            for part in collector.takeParts() { continuation.yield(part) }
          }
          try parser.finish()
          continuation.finish()
        } catch {
          collector.discard()
          continuation.finish(throwing: error)
        }
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }
}
