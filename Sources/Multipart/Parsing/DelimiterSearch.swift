#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Finds the delimiter (`\n--boundary`) in bytes, in time linear in their length.
///
/// Boyer–Moore–Horspool first: on real bodies (random files, text dense in CR LF) the boundary's
/// last byte rarely matches, so the search mostly skips a delimiter's length at a time. A body
/// built against it (a boundary of one repeated character, in a body of that character) makes
/// every position compare most of the delimiter; when the comparisons outgrow the bytes passed,
/// the search switches to finding each line feed with `memchr` and comparing forwards, which is
/// linear because the boundary holds no line feed, so candidates never overlap.
struct DelimiterSearch: Sendable {
  let pattern: [UInt8]
  private let skips: [Int]

  init(_ pattern: [UInt8]) {
    precondition(pattern.first == 0x0A && !pattern.dropFirst().contains(0x0A))
    self.pattern = pattern
    var skips = [Int](repeating: pattern.count, count: 256)
    for (index, byte) in pattern.dropLast().enumerated() {
      skips[Int(byte)] = pattern.count - 1 - index
    }
    self.skips = skips
  }

  /// The index of the first occurrence in `bytes[from..<bytes.count]`, if any.
  func firstIndex(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
    let length = pattern.count
    guard bytes.count - start >= length else { return nil }
    return pattern.withUnsafeBufferPointer { needle in
      skips.withUnsafeBufferPointer { skips in
        let lastByte = needle[length - 1]
        var position = start
        var compared = 0
        let end = bytes.count - length
        while position <= end {
          let last = bytes[position + length - 1]
          if last == lastByte {
            var index = length - 2
            while index >= 0 && bytes[position + index] == needle[index] { index -= 1 }
            if index < 0 { return position }
            compared += length - 1 - index
            if compared > 4 * (position - start) + 4 * length {
              return anchoredIndex(in: bytes, from: position, needle: needle)
            }
          }
          position += skips[Int(last)]
        }
        return nil
      }
    }
  }

  /// Each line feed found with `memchr`, then the rest compared forwards.
  private func anchoredIndex(
    in bytes: UnsafeRawBufferPointer, from start: Int, needle: UnsafeBufferPointer<UInt8>
  ) -> Int? {
    guard let base = bytes.baseAddress else { return nil }
    let length = needle.count
    var position = start
    while bytes.count - position >= length {
      guard let hit = memchr(base + position, 0x0A, bytes.count - position - length + 1) else {
        return nil
      }
      let candidate = UnsafeRawPointer(hit) - base
      var index = 1
      while index < length && bytes[candidate + index] == needle[index] { index += 1 }
      if index == length { return candidate }
      position = candidate + index  // no line feed among the bytes that matched
    }
    return nil
  }
}
