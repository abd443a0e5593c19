/// The wrapper around a deflate stream (RFC 1951): none, zlib's or gzip's.
package enum DeflateFormat: Sendable {
  /// The bare stream, as a zip entry holds it.
  case raw
  /// A zlib stream (RFC 1950): what a xar archive's table of contents and members hold.
  case zlib
  /// One gzip member (RFC 1952, modification time 0, no name): what an installer payload is.
  case gzip

  /// zlib's `windowBits` for the format.
  var windowBits: Int32 {
    switch self {
    case .raw: -15
    case .zlib: 15
    case .gzip: 31
    }
  }
}
