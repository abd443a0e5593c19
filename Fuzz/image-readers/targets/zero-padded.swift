import SystemSupport

/// The input, then zeros up to `length`.
struct ZeroPaddedBytes: RandomAccessByteSource {
  let bytes: [UInt8]
  let length: Int64 = 64 << 20

  func read(at offset: Int64, count: Int) throws -> [UInt8] {
    guard offset >= 0, count >= 0, offset < length else { return [] }
    let end = min(length, offset + Int64(count))
    var result = [UInt8](repeating: 0, count: Int(end - offset))
    if offset < Int64(bytes.count) {
      let stored = bytes[Int(offset)..<Int(min(end, Int64(bytes.count)))]
      result.replaceSubrange(0..<stored.count, with: stored)
    }
    return result
  }
}
