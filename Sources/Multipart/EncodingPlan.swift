/// The body as a list of segments: framing bytes the form writes, and the parts' bodies.
struct EncodingPlan {
  enum Segment {
    /// Delimiters and headers.
    case framing([UInt8])
    /// A part's body, with the part's index for error messages.
    case body(MultipartPart.Body, partIndex: Int)

    var length: Int64 {
      switch self {
      case .framing(let bytes): Int64(bytes.count)
      case .body(let body, _): body.length
      }
    }
  }

  let segments: [Segment]
  let length: Int64

  /// Lays out `form`: `--B CRLF headers CRLF body` for each part, `CRLF --B CRLF` between parts,
  /// and `CRLF --B-- CRLF` at the end (RFC 2046 §5.1.1: the CRLF before `--` is the delimiter's).
  init(_ form: MultipartFormData) {
    let dashBoundary = Array("--\(form.boundary.value)".utf8)
    let crlf: [UInt8] = [0x0D, 0x0A]
    var segments: [Segment] = []
    var framing: [UInt8] = []
    for (index, part) in form.parts.enumerated() {
      if index > 0 { framing += crlf }
      framing += dashBoundary + crlf + part.headerBytes
      // An empty in-memory body adds nothing: its framing runs on into the next part's.
      if case .data(let data) = part.body, data.isEmpty { continue }
      segments.append(.framing(framing))
      segments.append(.body(part.body, partIndex: index))
      framing = []
    }
    if !form.parts.isEmpty { framing += crlf }
    framing += dashBoundary + Array("--".utf8) + crlf
    segments.append(.framing(framing))
    self.segments = segments
    length = segments.reduce(0) { $0 + $1.length }
  }
}
