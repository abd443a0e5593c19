/// The buddy allocator of a `.DS_Store` file, simulated as the Finder and `ds_store` run it, so
/// that the blocks and free lists we write are what an allocator would have made.
///
/// Space is 2³¹ bytes in blocks of powers of two; a fresh file has its 32-byte header at 0 and
/// its 2048-byte root block at 2048, and every other power of two from 32 to 2³⁰ free once.
struct BuddyAllocator {
  /// Free blocks by log2 of their size.
  private(set) var free: [[UInt32]] = Array(repeating: [], count: 32)

  init() {
    for width in 5...10 { free[width] = [1 << width] }
    for width in 12...30 { free[width] = [1 << width] }
  }

  /// Allocates a block of `2^width` bytes and returns its offset, splitting larger blocks.
  mutating func allocate(width: Int) -> UInt32 {
    var available = width
    while free[available].isEmpty { available += 1 }
    while available > width {
      let offset = free[available].removeFirst()
      available -= 1
      free[available] = [offset, offset ^ (1 << available)]
    }
    return free[width].removeFirst()
  }

  /// The log2 of the smallest block that holds `bytes` (at least 32).
  static func width(for bytes: Int) -> Int {
    var width = 5
    while (1 << width) < bytes { width += 1 }
    return width
  }
}
