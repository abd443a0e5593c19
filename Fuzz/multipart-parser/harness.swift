/// The libFuzzer entry point over MultipartParser.
///
/// The first input byte picks the chunk size, the line ending mode and whether parts must be
/// form-data with a name, the next the boundary's length; the rest is the body. Any input must end in parts or a MultipartParseError: no crash,
/// no trap, no hang, bounded memory.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let input = UnsafeBufferPointer(start: data, count: size)
  guard input.count >= 2 else { return 0 }
  let chunk = Int(input[0] & 0x3F) + 1
  let lenient = input[0] & 0x40 == 0
  let requiresFormData = input[0] & 0x80 == 0
  let boundary = String(repeating: "b", count: Int(input[1] % 8) + 1)
  let body = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: input[2...]))
  var limits = MultipartParserLimits()
  limits.maximumParts = 64
  limits.maximumHeaderBytes = 512
  limits.maximumHeadersPerPart = 8
  limits.maximumFieldBytes = 4096
  limits.maximumTotalBytes = 1 << 20
  guard
    var parser = try? MultipartParser(
      boundary: boundary, limits: limits, allowsBareLineFeeds: lenient,
      requiresFormDataDisposition: requiresFormData)
  else { return 0 }
  var emitted = 0
  var open = false
  var offset = 0
  do {
    while offset < body.count {
      let end = min(body.count, offset + chunk)
      try parser.feed(UnsafeRawBufferPointer(rebasing: body[offset..<end])) { event in
        switch event {
        case .partBegin(let head):
          precondition(!open, "a part began inside another")
          open = true
          _ = head.safeFilename
        case .bodyBytes(let bytes):
          precondition(open, "body bytes outside a part")
          emitted += bytes.count
        case .partEnd:
          precondition(open, "a part ended that had not begun")
          open = false
        }
      }
      offset = end
    }
    try parser.finish()
  } catch {}
  precondition(emitted <= body.count, "more body bytes than input")
  return 0
}
