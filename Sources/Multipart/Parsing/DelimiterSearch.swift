/// Finds a fixed pattern in bytes with Boyer–Moore–Horspool: on bodies dense in CR LF the last
/// byte of the boundary rarely matches, so the search mostly skips a pattern's length at a time.
struct DelimiterSearch: Sendable {
  let pattern: [UInt8]
  private let skips: [Int]

  init(_ pattern: [UInt8]) {
    precondition(!pattern.isEmpty)
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
        let end = bytes.count - length
        while position <= end {
          let last = bytes[position + length - 1]
          if last == lastByte {
            var index = length - 2
            while index >= 0 && bytes[position + index] == needle[index] { index -= 1 }
            if index < 0 { return position }
          }
          position += skips[Int(last)]
        }
        return nil
      }
    }
  }
}
