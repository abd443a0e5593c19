import Foundation
import SystemSupport

/// Produces a form's encoded body piece by piece, into buffers the caller owns.
///
/// Memory stays bounded by the caller's buffer whatever the size of the files: file and stream
/// parts are read straight into it. Every encoding path of ``MultipartFormData`` (in memory, to a
/// file, as chunks, as an upload) is built on this reader.
///
/// ```swift
/// let reader = try MultipartBodyReader(form)
/// defer { reader.close() }
/// var buffer = [UInt8](repeating: 0, count: 1 << 20)
/// while case let count = try buffer.withUnsafeMutableBytes({ try reader.read(into: $0) }), count > 0 {
///   send(buffer[..<count])
/// }
/// ```
public final class MultipartBodyReader {
  // MARK: - Properties

  /// The total number of bytes the reader produces.
  public let contentLength: Int64
  /// The number of bytes produced so far.
  public private(set) var bytesRead: Int64 = 0

  private let parts: [MultipartPart]
  private let segments: [EncodingPlan.Segment]
  private var segmentIndex = 0
  private var offsetInSegment: Int64 = 0
  private var source: (any MultipartByteSource)?

  // MARK: - Lifecycle

  /// Prepares to encode `form`.
  ///
  /// - Parameter form: The form to encode; later changes to it do not affect the reader.
  /// - Throws: ``MultipartEncodingError`` with code `boundaryInPart` when the form's fixed
  ///   boundary occurs in an in-memory part.
  public init(_ form: MultipartFormData) throws(MultipartEncodingError) {
    if let index = form.firstPartContainingBoundary() {
      throw MultipartEncodingError(
        .boundaryInPart,
        "the boundary \(form.boundary.value.debugDescription) occurs inside part \(index + 1)\(MultipartEncodingError.context(field: form.parts[index].name)); choose another boundary"
      )
    }
    let plan = EncodingPlan(form)
    parts = form.parts
    segments = plan.segments
    contentLength = plan.length
  }

  deinit {
    closeSource()
  }

  // MARK: - API

  /// Fills `buffer` with the next bytes of the body.
  ///
  /// - Parameter buffer: Where to write; it is filled completely unless the body ends first.
  /// - Returns: The number of bytes written; 0 once the whole body was produced.
  /// - Throws: ``MultipartEncodingError`` with code `readFailed` or `lengthMismatch`, naming
  ///   the part.
  public func read(into buffer: UnsafeMutableRawBufferPointer) throws(MultipartEncodingError) -> Int
  {
    var filled = 0
    while filled < buffer.count, segmentIndex < segments.count {
      if offsetInSegment == segments[segmentIndex].length {
        try finishSegment()
        continue
      }
      let target = UnsafeMutableRawBufferPointer(rebasing: buffer[filled...])
      let count: Int
      switch segments[segmentIndex] {
      case .framing(let bytes):
        count = copyFraming(bytes, into: target)
      case .body(let body, let partIndex):
        count = try readBody(body, partIndex: partIndex, into: target)
      }
      filled += count
      offsetInSegment += Int64(count)
    }
    bytesRead += Int64(filled)
    return filled
  }

  /// Opens each file part once and checks that it still has the length it was added with.
  ///
  /// The reader opens a file only when the body reaches it; call this before sending, so that a
  /// file that went away, cannot be read or changed size is an error before the first byte goes.
  ///
  /// - Throws: ``MultipartEncodingError`` with code `readFailed` or `lengthMismatch`, naming
  ///   the part.
  public func checkFiles() throws(MultipartEncodingError) {
    for (partIndex, part) in parts.enumerated() {
      guard case .file(let path, let length) = part.body else { continue }
      let file: FilePartSource
      do {
        file = try FilePartSource(path: path)
      } catch {
        throw readFailure(error, partIndex: partIndex)
      }
      defer { file.close() }
      try checkSize(of: file, length: length, partIndex: partIndex, when: "")
    }
  }

  /// Closes any file or stream the reader has open.
  ///
  /// Reading after closing returns 0.
  public func close() {
    closeSource()
    segmentIndex = segments.count
  }

  // MARK: - Segments

  private func copyFraming(_ bytes: [UInt8], into target: UnsafeMutableRawBufferPointer) -> Int {
    let start = Int(offsetInSegment)
    let count = min(bytes.count - start, target.count)
    bytes.withUnsafeBytes { source in
      target.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[start..<(start + count)]))
    }
    return count
  }

  private func readBody(
    _ body: MultipartPart.Body,
    partIndex: Int,
    into target: UnsafeMutableRawBufferPointer
  ) throws(MultipartEncodingError) -> Int {
    let remaining = body.length - offsetInSegment
    let wanted = Int(min(Int64(target.count), remaining))
    if case .data(let data) = body {
      let start = data.startIndex + Int(offsetInSegment)
      data.copyBytes(to: target.bindMemory(to: UInt8.self), from: start..<(start + wanted))
      return wanted
    }
    if source == nil { source = try openSource(body, partIndex: partIndex) }
    let count: Int
    do {
      count =
        try source?.read(into: UnsafeMutableRawBufferPointer(rebasing: target[..<wanted])) ?? 0
    } catch {
      throw readFailure(error, partIndex: partIndex)
    }
    if count == 0 {
      throw lengthMismatch(
        partIndex: partIndex, detail: "it ended after \(offsetInSegment) of \(body.length) bytes")
    }
    return count
  }

  private func openSource(_ body: MultipartPart.Body, partIndex: Int) throws(MultipartEncodingError)
    -> any MultipartByteSource
  {
    do {
      switch body {
      case .data: preconditionFailure("in-memory bodies are copied, not opened")
      case .file(let path, _): return try FilePartSource(path: path)
      case .stream(_, let open): return try open()
      }
    } catch {
      throw readFailure(error, partIndex: partIndex)
    }
  }

  /// Ends the current segment; for files and streams, checks that they hold no more bytes.
  private func finishSegment() throws(MultipartEncodingError) {
    defer {
      closeSource()
      segmentIndex += 1
      offsetInSegment = 0
    }
    guard case .body(let body, let partIndex) = segments[segmentIndex], source != nil else {
      return
    }
    if let file = source as? FilePartSource {
      try checkSize(
        of: file, length: body.length, partIndex: partIndex, when: " while it was encoded")
    } else {
      var probe: UInt8 = 0
      let extra = try? withUnsafeMutableBytes(of: &probe) { try source?.read(into: $0) ?? 0 }
      if let extra, extra > 0 {
        throw lengthMismatch(
          partIndex: partIndex,
          detail: "it has more than the \(body.length) bytes it was declared with")
      }
    }
  }

  /// Throws `lengthMismatch` when `file` no longer has the `length` it was added with; `when`
  /// ends the message.
  private func checkSize(
    of file: FilePartSource, length: Int64, partIndex: Int, when: String
  ) throws(MultipartEncodingError) {
    let size = try? file.currentSize()
    guard size != length else { return }
    throw lengthMismatch(
      partIndex: partIndex,
      detail:
        "its size changed from \(length) to \(size.map(String.init) ?? "unknown") bytes\(when)")
  }

  private func closeSource() {
    (source as? FilePartSource)?.close()
    source = nil
  }

  // MARK: - Errors

  private func describe(partIndex: Int) -> String {
    let part = parts[partIndex]
    if case .file(let path, _) = part.body {
      return "file \(path)\(MultipartEncodingError.context(field: part.name))"
    }
    return "part \(partIndex + 1)\(MultipartEncodingError.context(field: part.name))"
  }

  private func readFailure(_ error: any Error, partIndex: Int) -> MultipartEncodingError {
    if let error = error as? MultipartEncodingError { return error }
    return MultipartEncodingError(
      .readFailed, "cannot read \(describe(partIndex: partIndex)): \(error)")
  }

  private func lengthMismatch(partIndex: Int, detail: String) -> MultipartEncodingError {
    MultipartEncodingError(
      .lengthMismatch, "\(describe(partIndex: partIndex)) does not match its length: \(detail)")
  }
}
