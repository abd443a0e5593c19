import Foundation

/// Finds a boundary inside in-memory bytes: `memchr` for its first byte, then `memcmp`.
struct BoundaryScanner {
  private let needle: [UInt8]

  init(_ boundary: MultipartBoundary) {
    needle = Array(boundary.value.utf8)
  }

  /// Whether the boundary's characters occur anywhere in `data`.
  func occurs(in data: Data) -> Bool {
    guard data.count >= needle.count, let first = needle.first else { return false }
    return data.withUnsafeBytes { haystack in
      needle.withUnsafeBytes { pattern in
        guard let base = haystack.baseAddress, let patternBase = pattern.baseAddress else {
          return false
        }
        let last = base + (haystack.count - pattern.count)
        var cursor = base
        while cursor <= last {
          let remaining = last - cursor + 1
          guard let hit = memchr(cursor, Int32(first), remaining) else { return false }
          if memcmp(hit, patternBase, pattern.count) == 0 { return true }
          cursor = UnsafeRawPointer(hit) + 1
        }
        return false
      }
    }
  }
}
