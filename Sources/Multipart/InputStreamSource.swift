public import Foundation

/// A ``MultipartByteSource`` that reads a Foundation `InputStream`.
///
/// The stream is opened on the first read and closed at its end. Errors are read only when the
/// stream's status is `.error`: on Linux, `streamError` traps when there is no error.
///
/// ```swift
/// form.addStream(length: size, forField: "log", filename: "app.log") {
///   InputStreamSource(InputStream(url: logURL))
/// }
/// ```
public struct InputStreamSource: MultipartByteSource {
  private let stream: InputStream?
  private var isOpen = false

  /// Wraps `stream`; a `nil` stream (a failed `InputStream(url:)`) fails on the first read.
  ///
  /// - Parameter stream: A stream that has not been opened yet.
  public init(_ stream: InputStream?) {
    self.stream = stream
  }

  /// Reads the next bytes of the stream.
  ///
  /// - Parameter buffer: Where to put them.
  /// - Returns: The number of bytes read; 0 at the end of the stream.
  /// - Throws: An error describing the stream's failure; the form reports it as
  ///   ``MultipartEncodingError/Code/readFailed`` with the part's name.
  public mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    guard let stream else {
      throw InputStreamFailure(reason: "the input stream could not be created")
    }
    if !isOpen {
      stream.open()
      isOpen = true
    }
    guard let base = buffer.baseAddress, !buffer.isEmpty else { return 0 }
    let count = stream.read(base.assumingMemoryBound(to: UInt8.self), maxLength: buffer.count)
    if count < 0 || stream.streamStatus == .error {
      let reason = stream.streamStatus == .error ? stream.streamError?.localizedDescription : nil
      stream.close()
      throw InputStreamFailure(reason: "the input stream failed: \(reason ?? "unknown error")")
    }
    if count == 0 { stream.close() }
    return count
  }
}

/// Why an input stream could not be read.
struct InputStreamFailure: Error, CustomStringConvertible {
  let reason: String
  var description: String { reason }
}
