/// A streaming `multipart/form-data` parser: a pure state machine fed bytes in any chunking.
///
/// ```swift
/// var parser = try MultipartParser(boundary: boundary)
/// for chunk in chunks {
///   try parser.feed(chunk) { event in
///     switch event {
///     case .partBegin(let head): print(head.name ?? "", head.filename ?? "")
///     case .bodyBytes(let bytes): hasher.update(bufferPointer: bytes)
///     case .partEnd: break
///     }
///   }
/// }
/// try parser.finish()
/// ```
///
/// It accepts what browsers and servers send: a preamble and an epilogue, bare LF line endings
/// (unless ``allowsBareLineFeeds`` is off), header names in any case, folded header lines.
/// Each part must be what RFC 7578 §4.2 requires, `Content-Disposition: form-data` with a `name`,
/// or the parse fails with its own ``MultipartParseError/Code`` and offset; the lenient option
/// ``requiresFormDataDisposition`` `false` accepts any part, as other multipart types have.
/// Every limit of ``MultipartParserLimits`` is enforced as the bytes arrive, so memory stays
/// bounded by the header limit plus the chunk being fed, whatever the body.
public struct MultipartParser {
  /// What the parser found.
  public enum Event {
    /// A part starts; its header lines.
    case partBegin(MultipartPartHead)
    /// Bytes of the current part's body, valid only during the call.
    case bodyBytes(UnsafeRawBufferPointer)
    /// The current part ended.
    case partEnd
  }

  enum State: Equatable {
    case preamble, afterDelimiter, headers, body, epilogue
  }

  /// Whether lines may end in LF alone, as well as CR LF.
  public let allowsBareLineFeeds: Bool
  /// Whether each part must have `Content-Disposition: form-data` with a well-formed parameter
  /// list holding `name` (RFC 7578 §4.2); `false` accepts parts with no such header, another
  /// disposition type or unreadable parameters, whose ``MultipartPartHead/name`` is then `nil`.
  public let requiresFormDataDisposition: Bool
  /// The limits enforced.
  public let limits: MultipartParserLimits

  private let dashBoundary: [UInt8]  // "--" + boundary
  private let delimiter: DelimiterSearch  // "\n--" + boundary
  private var state = State.preamble
  private var buffer: [UInt8] = []
  private var start = 0  // the first unconsumed byte of `buffer`
  private var consumed: Int64 = 0  // body offset of buffer[0]
  private var received: Int64 = 0
  private var parts = 0
  private var fields: [MultipartPartHead.Field] = []
  private var lineOffsets: [Int64] = []  // body offset of each of `fields`' lines
  private var headersOffset: Int64 = 0  // body offset of the current part's first header byte
  private var headerBytes = 0
  private var fieldBytes: Int64 = 0

  /// Makes a parser for bodies delimited by `boundary` (the `boundary` parameter of the
  /// `Content-Type`, without quotes).
  public init(
    boundary: String, limits: MultipartParserLimits = MultipartParserLimits(),
    allowsBareLineFeeds: Bool = true, requiresFormDataDisposition: Bool = true
  ) throws(MultipartParseError) {
    let bytes = Array(boundary.utf8)
    guard !bytes.isEmpty, bytes.count <= limits.maximumBoundaryLength,
      bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F || $0 == 0x20 }), bytes.last != 0x20
    else {
      throw MultipartParseError(
        .invalidBoundary, at: 0,
        "invalid boundary \(boundary.debugDescription): it must be 1 to \(limits.maximumBoundaryLength) printable ASCII characters, not ending in a space"
      )
    }
    self.limits = limits
    self.allowsBareLineFeeds = allowsBareLineFeeds
    self.requiresFormDataDisposition = requiresFormDataDisposition
    dashBoundary = Array("--".utf8) + bytes
    delimiter = DelimiterSearch([0x0A] + dashBoundary)
  }

  /// Whether the closing delimiter was seen.
  public var isComplete: Bool { state == .epilogue }

  /// Parses the next bytes of the body, calling `handle` for what they complete.
  public mutating func feed(
    _ bytes: UnsafeRawBufferPointer, _ handle: (Event) throws -> Void
  ) throws {
    received += Int64(bytes.count)
    guard received <= limits.maximumTotalBytes else {
      throw MultipartParseError(
        .bodyTooLarge, at: limits.maximumTotalBytes,
        "the body is larger than \(limits.maximumTotalBytes) bytes")
    }
    if state == .epilogue { return }
    if start > 0 && start >= buffer.count / 2 {
      consumed += Int64(start)
      buffer.removeSubrange(0..<start)
      start = 0
    }
    buffer.append(contentsOf: bytes)
    let copy = buffer
    try copy.withUnsafeBytes { all in try run(all, handle) }
  }

  /// Parses the next bytes of the body.
  public mutating func feed(_ bytes: [UInt8], _ handle: (Event) throws -> Void) throws {
    try bytes.withUnsafeBytes { try feed($0, handle) }
  }

  /// Checks that the body ended with its closing delimiter.
  public func finish() throws(MultipartParseError) {
    guard state == .epilogue else {
      throw MultipartParseError(
        .unexpectedEnd, at: received,
        parts == 0
          ? "the body ended before its first boundary \(String(decoding: dashBoundary, as: UTF8.self).debugDescription)"
          : "the body ended inside part \(parts) before the closing boundary")
    }
  }

  private func offset(_ index: Int) -> Int64 { consumed + Int64(index) }

  private mutating func run(_ all: UnsafeRawBufferPointer, _ handle: (Event) throws -> Void) throws
  {
    while true {
      switch state {
      case .preamble: guard try findFirstDelimiter(all) else { return }
      case .afterDelimiter: guard try readDelimiterEnd(all) else { return }
      case .headers: guard try readHeaderLine(all, handle) else { return }
      case .body: guard try readBody(all, handle) else { return }
      case .epilogue:
        start = all.count
        return
      }
    }
  }

  /// Finds `--boundary` at the very start or after a line feed; drops the preamble as it goes.
  private mutating func findFirstDelimiter(_ all: UnsafeRawBufferPointer) throws -> Bool {
    if offset(start) == 0 {
      guard all.count - start >= dashBoundary.count else { return false }
      if dashBoundary.indices.allSatisfy({ all[start + $0] == dashBoundary[$0] }) {
        start += dashBoundary.count
        state = .afterDelimiter
        return true
      }
    }
    if let found = delimiter.firstIndex(in: all, from: start) {
      start = found + delimiter.pattern.count
      state = .afterDelimiter
      return true
    }
    start = max(start, all.count - (delimiter.pattern.count - 1))
    return false
  }

  /// After a delimiter: `--` closes the body; else optional spaces, then a line break.
  private mutating func readDelimiterEnd(_ all: UnsafeRawBufferPointer) throws -> Bool {
    var index = start
    if all.count - index >= 2, all[index] == 0x2D, all[index + 1] == 0x2D {
      start = index + 2
      state = .epilogue
      return true
    }
    if all.count - index == 1, all[index] == 0x2D { return false }
    while index < all.count, all[index] == 0x20 || all[index] == 0x09 {
      index += 1
      guard index - start <= limits.maximumHeaderBytes else {
        throw MultipartParseError(
          .malformedDelimiter, at: offset(start), "too much space after a boundary")
      }
    }
    guard index < all.count else { return false }
    if all[index] == 0x0D {
      guard index + 1 < all.count else { return false }
      guard all[index + 1] == 0x0A else { throw badDelimiter(at: index) }
      index += 2
    } else if all[index] == 0x0A && allowsBareLineFeeds {
      index += 1
    } else {
      throw badDelimiter(at: index)
    }
    parts += 1
    guard parts <= limits.maximumParts else {
      throw MultipartParseError(
        .tooManyParts, at: offset(start), "the body has more than \(limits.maximumParts) parts")
    }
    start = index
    state = .headers
    fields = []
    lineOffsets = []
    headersOffset = offset(index)
    headerBytes = 0
    return true
  }

  private func badDelimiter(at index: Int) -> MultipartParseError {
    MultipartParseError(
      .malformedDelimiter, at: offset(index),
      "a boundary line must end in a line break or \"--\"")
  }

  /// Reads one header line; an empty one starts the body.
  private mutating func readHeaderLine(
    _ all: UnsafeRawBufferPointer, _ handle: (Event) throws -> Void
  ) throws -> Bool {
    let available = UnsafeRawBufferPointer(rebasing: all[start...])
    guard let newline = available.firstIndex(of: 0x0A) else {
      guard headerBytes + available.count <= limits.maximumHeaderBytes else {
        throw tooLargeHeaders()
      }
      return false
    }
    headerBytes += newline + 1
    guard headerBytes <= limits.maximumHeaderBytes else { throw tooLargeHeaders() }
    var end = newline
    if end > 0 && available[end - 1] == 0x0D {
      end -= 1
    } else if !allowsBareLineFeeds {
      throw MultipartParseError(
        .malformedHeader, at: offset(start + newline), "a header line ends in LF without CR")
    }
    let line = UnsafeRawBufferPointer(rebasing: available[..<end])
    let lineStart = start
    start += newline + 1
    if line.isEmpty {
      if requiresFormDataDisposition {
        try Self.checkDisposition(
          of: fields, lineOffsets: lineOffsets, headersOffset: headersOffset, part: parts)
      }
      try handle(.partBegin(MultipartPartHead(fields: fields)))
      fieldBytes = 0
      state = .body
      return true
    }
    if line[0] == 0x20 || line[0] == 0x09, let last = fields.popLast() {
      // A folded line continues the previous header's value.
      let more = Self.trimmedText(line)
      fields.append(.init(name: last.name, value: last.value + " " + more))
      return true
    }
    guard let colon = line.firstIndex(of: 0x3A), colon > 0 else {
      throw MultipartParseError(
        .malformedHeader, at: offset(lineStart),
        "the header line \(String(decoding: line.prefix(80), as: UTF8.self).debugDescription) is not name: value"
      )
    }
    guard fields.count < limits.maximumHeadersPerPart else {
      throw MultipartParseError(
        .tooManyHeaders, at: offset(lineStart),
        "part \(parts) has more than \(limits.maximumHeadersPerPart) header lines")
    }
    fields.append(
      .init(name: Self.trimmedText(line[..<colon]), value: Self.trimmedText(line[(colon + 1)...])))
    lineOffsets.append(offset(lineStart))
    return true
  }

  /// Header bytes as UTF-8 text, without surrounding spaces and tabs.
  private static func trimmedText(_ bytes: some Collection<UInt8>) -> String {
    String(Substring(String(decoding: bytes, as: UTF8.self)).trimmingSpaces)
  }

  private func tooLargeHeaders() -> MultipartParseError {
    MultipartParseError(
      .headersTooLarge, at: offset(start),
      "part \(parts)'s header lines exceed \(limits.maximumHeaderBytes) bytes")
  }

  /// Passes body bytes on up to the next delimiter, keeping back what could begin one.
  private mutating func readBody(_ all: UnsafeRawBufferPointer, _ handle: (Event) throws -> Void)
    throws -> Bool
  {
    if let found = delimiter.firstIndex(in: all, from: start) {
      var end = found
      if end > start && all[end - 1] == 0x0D {
        end -= 1
      } else if !allowsBareLineFeeds {
        // Without CR it is body content in strict mode; look further.
        try emit(all, upTo: found + 1, handle)
        return true
      }
      try emit(all, upTo: end, handle)
      try handle(.partEnd)
      start = found + delimiter.pattern.count
      state = .afterDelimiter
      return true
    }
    // Keep back a possible CR and a delimiter's prefix.
    try emit(all, upTo: max(start, all.count - delimiter.pattern.count), handle)
    return false
  }

  private mutating func emit(
    _ all: UnsafeRawBufferPointer, upTo end: Int, _ handle: (Event) throws -> Void
  ) throws {
    guard end > start else { return }
    fieldBytes += Int64(end - start)
    guard fieldBytes <= limits.maximumFieldBytes else {
      throw MultipartParseError(
        .fieldTooLarge, at: offset(start),
        "part \(parts) is larger than \(limits.maximumFieldBytes) bytes")
    }
    try handle(.bodyBytes(UnsafeRawBufferPointer(rebasing: all[start..<end])))
    start = end
  }
}
